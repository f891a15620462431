import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createMemoryRouter, RouterProvider } from "react-router";
import { HttpResponse } from "msw";
import { api } from "@/test/handlers/api";
import { makePersona, renderWithProviders } from "@/test/render";
import { recordCalls } from "@/test/requests";
import { personaLibrary } from "@/test/handlers/personas";
import { server } from "@/test/server";
import { fileText } from "@/utils/guides";
import { CreateSessionPage } from "./create-session";

const PERSONAS = ["Sarah Chen", "Marcus Johnson", "Emily Rodriguez", "David Kim"].map((name, i) =>
  makePersona({ id: `p${i + 1}`, name }),
);
const SETUP = {
  name: "Eco pouch",
  description: "First look",
  participantIds: ["p3", "p1", "p2"],
  moderatorStyle: "casual",
  stimuli: [{ type: "text", title: "Claim", content: "Fully compostable." }],
  questions: ["What do you think?", "Would you buy it?"],
  settings: { responseLength: "brief", discussionMode: "parallel", moderator: "ai" },
};
const PROBLEMS = [
  "line 4: participants.ids[1]: No persona with id nobody",
  "line 9: settings.colour: Unknown key",
];

function setup() {
  const calls = recordCalls();
  server.use(
    ...personaLibrary(() => PERSONAS),
    api.get("/api/question-templates", () => HttpResponse.json([])),
    api.post("/api/guides/read", async ({ request }) => {
      const { text } = (await request.json()) as { text: string };
      if (text.includes("nobody"))
        return HttpResponse.json({ error: PROBLEMS.join(". "), errors: PROBLEMS }, { status: 422 });
      return HttpResponse.json({
        guide: {},
        setup: SETUP,
        notes: ["The guide generates 2 personas when it is run."],
      });
    }),
    api.post("/api/guides/from-setup", () =>
      HttpResponse.json({
        guide: {},
        yaml: "kind: focus-group\n",
        json: "{}",
        filename: "eco-pouch.guide.yaml",
      }),
    ),
  );
  const router = createMemoryRouter([{ path: "/create-session", element: <CreateSessionPage /> }], {
    initialEntries: ["/create-session"],
  });
  renderWithProviders(<RouterProvider router={router} />);
  return calls;
}

const guideFile = (text: string) => new File([text], "pouch.yaml", { type: "application/yaml" });

describe("Start from a guide / Save as guide", { timeout: 30_000 }, () => {
  it("fills the create form from an uploaded guide and lists its notes", async () => {
    const user = userEvent.setup({ delay: null });
    const calls = setup();
    await screen.findByRole("button", { name: "Start from a guide" });
    await user.upload(
      screen.getByTestId("guide-file"),
      guideFile("kind: focus-group\nname: Eco pouch\n"),
    );
    await waitFor(() => expect(screen.getByLabelText("Session Name")).toHaveValue("Eco pouch"));
    expect(calls.find((c) => c.method === "POST")).toEqual({
      method: "POST",
      url: "/api/guides/read",
      body: { text: "kind: focus-group\nname: Eco pouch\n" },
    });
    expect(screen.getByLabelText(/Description/)).toHaveValue("First look");
    expect(screen.getByDisplayValue("What do you think?")).toBeInTheDocument();
    expect(screen.getByDisplayValue("Would you buy it?")).toBeInTheDocument();
    expect(screen.getByTestId("guide-messages")).toHaveTextContent("Filled in from pouch.yaml");
    expect(screen.getByTestId("guide-messages")).toHaveTextContent(
      "The guide generates 2 personas",
    );
    expect(screen.getByRole("button", { name: "Start Session" })).toBeEnabled();
  });

  it("shows each problem with its line and keeps the form as it was", async () => {
    const user = userEvent.setup({ delay: null });
    setup();
    await user.type(await screen.findByLabelText("Session Name"), "Mine");
    await user.upload(
      screen.getByTestId("guide-file"),
      guideFile("participants:\n  ids: [p1, nobody]\n"),
    );
    const alert = await screen.findByRole("alert");
    expect(alert).toHaveTextContent("pouch.yaml was not used");
    for (const line of PROBLEMS) expect(alert).toHaveTextContent(line);
    expect(screen.getByLabelText("Session Name")).toHaveValue("Mine");
    await user.click(screen.getByRole("button", { name: "Dismiss" }));
    expect(screen.queryByRole("alert")).toBeNull();
  });

  it("saves the form's setup as a YAML guide", async () => {
    const user = userEvent.setup({ delay: null });
    const created: Blob[] = [];
    vi.stubGlobal(
      "URL",
      Object.assign(URL, {
        createObjectURL: (b: Blob) => (created.push(b), "blob:x"),
        revokeObjectURL: () => {},
      }),
    );
    const click = vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(() => {});
    const calls = setup();
    await user.type(await screen.findByLabelText("Session Name"), "Eco pouch");
    await user.click(screen.getByRole("button", { name: "Save as guide" }));
    await waitFor(() => expect(click).toHaveBeenCalled());
    const sent = calls.find((c) => c.url === "/api/guides/from-setup")?.body as {
      name: string;
      settings: object;
    };
    expect(sent.name).toBe("Eco pouch");
    expect(sent.settings).toEqual({
      responseLength: "moderate",
      discussionMode: "sequential",
      autoAdvance: false,
      moderator: "scripted",
      privateAnswers: false,
      modelBids: false,
    });
    expect(await fileText(created[0])).toBe("kind: focus-group\n");
    expect(await screen.findByText("Saved eco-pouch.guide.yaml")).toBeInTheDocument();
    click.mockRestore();
  });
});
