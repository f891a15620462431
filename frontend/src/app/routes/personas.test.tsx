import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { jsonResponse, makePersona, mockFetch, personasAnswer, renderRoutes } from "@/test/render";
import { PersonasPage } from "./personas";

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
    mockFetch((url) => personasAnswer(personas, url));
    renderPage();
    expect(screen.getByLabelText("Loading personas")).toBeInTheDocument();
    expect(await screen.findAllByTestId("persona-card")).toHaveLength(3);
    expect(screen.getByRole("heading", { name: "Persona Library" })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Generate Personas" })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Create New Persona" })).toBeInTheDocument();
  });

  it("filters by name case-insensitively and shows the empty state", async () => {
    const user = userEvent.setup();
    mockFetch((url) => personasAnswer(personas, url));
    renderPage();
    await screen.findAllByTestId("persona-card");
    const search = screen.getByPlaceholderText("Search personas...");

    await user.type(search, "MARCUS");
    expect(await screen.findByText("1 of 3 personas")).toBeInTheDocument();
    expect(screen.getAllByTestId("persona-card")).toHaveLength(1);
    expect(screen.getByRole("article", { name: "Marcus Johnson" })).toBeInTheDocument();

    await user.clear(search);
    await user.type(search, "nobody-by-that-name");
    expect(
      await screen.findByText(
        "No personas found. Try adjusting your search or create a new persona.",
      ),
    ).toBeInTheDocument();
    expect(screen.queryAllByTestId("persona-card")).toHaveLength(0);
  });

  it("pages the library and filters by tag on the server", async () => {
    const user = userEvent.setup();
    const many = Array.from({ length: 50 }, (_, i) =>
      makePersona({ id: `m${i}`, name: `Person ${i}`, tags: i % 7 === 0 ? ["Gen Z"] : [] }),
    );
    mockFetch((url) => personasAnswer(many, url));
    renderPage();
    expect(await screen.findAllByTestId("persona-card")).toHaveLength(48);
    expect(screen.getByText("Showing 48 of 50 personas")).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Load more" }));
    await waitFor(() => expect(screen.getAllByTestId("persona-card")).toHaveLength(50));
    await user.click(screen.getByRole("button", { name: "Gen Z" }));
    expect(await screen.findByText("8 of 50 personas")).toBeInTheDocument(); // 0, 7, ..., 49
    expect(screen.getAllByTestId("persona-card")).toHaveLength(8);
  }, 60_000);

  it("shows an error with a working retry", async () => {
    const user = userEvent.setup();
    let fail = true;
    mockFetch((url) => {
      if (fail && url.startsWith("/api/personas/page"))
        return jsonResponse({ error: "Database unavailable" }, 503);
      return personasAnswer(personas, url);
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
      if (url === "/api/personas/p2" && init?.method === "DELETE") {
        list = list.filter((p) => p.id !== "p2");
        return new Response(null, { status: 204 });
      }
      return personasAnswer(list, url);
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
    mockFetch((url) => personasAnswer(personas, url));
    const { router } = renderPage();
    const card = await screen.findByRole("article", { name: "Priya Sharma" });
    await user.click(within(card).getByRole("button", { name: "Use in Session" }));
    expect(await screen.findByText("create-session page")).toBeInTheDocument();
    expect(router.state.location.pathname).toBe("/create-session");
    expect(router.state.location.state).toEqual({ persona: personas[2] });
  });
});
