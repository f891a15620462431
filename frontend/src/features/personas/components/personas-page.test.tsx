import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { jsonResponse, makePersona, mockFetch, renderRoutes } from "@/test/render";
import { PersonasPage } from "./personas-page";

const personas = [
  makePersona({ id: "p1", name: "Sarah Chen" }),
  makePersona({ id: "p2", name: "Marcus Johnson", location: "Austin, TX" }),
  makePersona({ id: "p3", name: "Priya Sharma", location: "Chicago, IL" }),
];

function CreateSessionProbe() {
  return <p>create-session page</p>;
}

function renderPage() {
  return renderRoutes(
    [
      { path: "/personas", element: <PersonasPage /> },
      { path: "/create-session", element: <CreateSessionProbe /> },
    ],
    "/personas",
  );
}

describe("PersonasPage", () => {
  it("shows skeletons while loading, then one card per persona", async () => {
    mockFetch((url) => (url === "/api/personas" ? jsonResponse(personas) : undefined));
    renderPage();
    expect(screen.getByLabelText("Loading personas")).toBeInTheDocument();
    expect(await screen.findAllByTestId("persona-card")).toHaveLength(3);
    expect(screen.getByRole("heading", { name: "Persona Library" })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Generate Personas" })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Create New Persona" })).toBeInTheDocument();
  });

  it("filters by name case-insensitively and shows the empty state", async () => {
    const user = userEvent.setup();
    mockFetch((url) => (url === "/api/personas" ? jsonResponse(personas) : undefined));
    renderPage();
    await screen.findAllByTestId("persona-card");
    const search = screen.getByPlaceholderText("Search personas...");

    await user.type(search, "MARCUS");
    expect(screen.getAllByTestId("persona-card")).toHaveLength(1);
    expect(screen.getByRole("article", { name: "Marcus Johnson" })).toBeInTheDocument();

    await user.clear(search);
    await user.type(search, "nobody-by-that-name");
    expect(screen.queryAllByTestId("persona-card")).toHaveLength(0);
    expect(
      screen.getByText("No personas found. Try adjusting your search or create a new persona."),
    ).toBeInTheDocument();
  });

  it("shows an error with a working retry", async () => {
    const user = userEvent.setup();
    let fail = true;
    mockFetch((url) => {
      if (url !== "/api/personas") return undefined;
      return fail ? jsonResponse({ error: "Database unavailable" }, 503) : jsonResponse(personas);
    });
    renderPage();
    expect(await screen.findByText("Database unavailable")).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole("button", { name: "Retry" }));
    expect(await screen.findAllByTestId("persona-card")).toHaveLength(3);
  });

  it("deletes a persona after confirmation", async () => {
    const user = userEvent.setup();
    let list = [...personas];
    mockFetch((url, init) => {
      if (url === "/api/personas") return jsonResponse(list);
      if (url === "/api/personas/p2" && init?.method === "DELETE") {
        list = list.filter((p) => p.id !== "p2");
        return new Response(null, { status: 204 });
      }
      return undefined;
    });
    renderPage();
    const card = await screen.findByRole("article", { name: "Marcus Johnson" });
    await user.click(within(card).getByRole("button", { name: "Delete persona" }));
    const dialog = await screen.findByRole("alertdialog", { name: "Delete Persona?" });
    await user.click(within(dialog).getByRole("button", { name: "Delete" }));
    expect(await screen.findByText("Persona deleted")).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.queryByRole("article", { name: "Marcus Johnson" })).not.toBeInTheDocument(),
    );
    expect(screen.getAllByTestId("persona-card")).toHaveLength(2);
  });

  it("Use in Session navigates to /create-session carrying the persona", async () => {
    const user = userEvent.setup();
    mockFetch((url) => (url === "/api/personas" ? jsonResponse(personas) : undefined));
    const { router } = renderPage();
    const card = await screen.findByRole("article", { name: "Priya Sharma" });
    await user.click(within(card).getByRole("button", { name: "Use in Session" }));
    expect(await screen.findByText("create-session page")).toBeInTheDocument();
    expect(router.state.location.pathname).toBe("/create-session");
    expect(router.state.location.state).toEqual({ persona: personas[2] });
  });
});
