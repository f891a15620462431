import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { HttpResponse } from "msw";
import { api } from "@/test/handlers/api";
import { personaLibrary } from "@/test/handlers/personas";
import { makePersona, renderRoutes } from "@/test/render";
import { recordCalls } from "@/test/requests";
import { server } from "@/test/server";
import { CreateSurveyPage } from "./create-survey";

/** A library of 120 personas, "Person 1" to "Person 120"; pages of 48. */
const library = Array.from({ length: 120 }, (_, i) =>
  makePersona({ id: `p${i + 1}`, name: `Person ${i + 1}` }),
);

function renderForm() {
  server.use(...personaLibrary(() => library));
  const calls = recordCalls();
  renderRoutes([{ path: "/surveys/new", element: <CreateSurveyPage /> }], "/surveys/new");
  return calls;
}

const options = () => screen.queryAllByTestId("participant-option");
/** The option of the persona named `name` exactly. */
const option = (name: string) => {
  const found = options().find((o) => o.querySelector(".font-medium")?.textContent === name);
  if (!found) throw new Error(`no option ${name}`);
  return found;
};

describe("New survey: the respondents picker pages through the library", () => {
  it("reads a page, the next on Load more, and never the whole library", async () => {
    const user = userEvent.setup();
    const calls = renderForm();
    await waitFor(() => expect(options()).toHaveLength(48));
    expect(screen.getByText(/0 of 120 personas selected/)).toBeInTheDocument();
    expect(screen.getByTestId("load-more")).toHaveTextContent("Showing 48 of 120 personas");
    await user.click(screen.getByRole("button", { name: "Load more" }));
    await waitFor(() => expect(options()).toHaveLength(96));
    expect(calls.some((c) => c.url === "/api/personas")).toBe(false);
  });

  it("searches on the server and keeps the selection when the search changes", async () => {
    const user = userEvent.setup();
    const calls = renderForm();
    await waitFor(() => expect(options()).toHaveLength(48));
    await user.click(option("Person 2"));
    const search = screen.getByRole("searchbox", { name: "Search personas by name" });
    await user.type(search, "person 11");
    // Person 11 and 110-119, with Person 2 still listed first as selected.
    await waitFor(() => expect(options()).toHaveLength(12));
    expect(options()[0]).toHaveTextContent("Person 2");
    expect(options()[0]).toHaveAttribute("aria-pressed", "true");
    const asked = calls
      .filter((c) => c.url.startsWith("/api/personas/page?"))
      .map((c) => new URLSearchParams(c.url.split("?")[1]).get("q"));
    expect(asked).toContain("person 11");
    // Keyboard: Tab to an option, Space selects it.
    options()[1].focus();
    await user.keyboard(" ");
    expect(options()[1]).toHaveAttribute("aria-pressed", "true");
    expect(screen.getByText(/2 of 120 personas selected/)).toBeInTheDocument();

    await user.clear(search);
    await user.type(search, "nobody");
    expect(
      await screen.findByText('No personas match "nobody".', undefined, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(options()).toHaveLength(2); // the two selected stay
  });

  it("posts the selected respondents", async () => {
    const user = userEvent.setup();
    server.use(
      api.post("/api/surveys", () => HttpResponse.json({ error: "stop here" }, { status: 400 })),
    );
    const calls = renderForm();
    await waitFor(() => expect(options()).toHaveLength(48));
    await user.click(option("Person 3"));
    await user.click(option("Person 1"));
    await user.type(screen.getByLabelText("Concept 1 description"), "A kettle");
    await user.click(screen.getByRole("button", { name: "Create survey" }));
    await waitFor(() =>
      expect(
        calls.find((c) => c.method === "POST" && c.url === "/api/surveys")?.body,
      ).toMatchObject({
        respondentIds: ["p3", "p1"],
      }),
    );
  });

  it("says so when the library is empty", async () => {
    server.use(...personaLibrary(() => []));
    renderRoutes([{ path: "/surveys/new", element: <CreateSurveyPage /> }], "/surveys/new");
    expect(await screen.findByText(/Your persona library is empty/)).toBeInTheDocument();
  });
});
