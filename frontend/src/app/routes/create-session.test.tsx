import { act, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createMemoryRouter, RouterProvider } from "react-router";
import type { Persona } from "@/lib/api-types";
import { HttpResponse } from "msw";
import { api } from "@/test/handlers/api";
import { makePersona, renderWithProviders } from "@/test/render";
import { recordCalls } from "@/test/requests";
import { personaLibrary } from "@/test/handlers/personas";
import { server } from "@/test/server";
import { CreateSessionPage } from "./create-session";

const NAMES = [
  "Sarah Chen",
  "Marcus Johnson",
  "Emily Rodriguez",
  "David Kim",
  "Jordan Taylor",
  "Linda Walsh",
  "Robert Martinez",
  "Aisha Patel",
  "Tom Anderson",
  "Maya Thompson",
];
const PERSONAS: Persona[] = NAMES.map((name, i) =>
  makePersona({
    id: `p${i + 1}`,
    name,
    age: 22 + i * 4,
    gender: i % 2 ? "Male" : "Female",
    location: `City ${i}`,
    traits: {
      openness: 10 * i,
      conscientiousness: 50,
      extraversion: 90 - 5 * i,
      agreeableness: 40,
      neuroticism: 30 + i,
    },
  }),
);
// The box's label holds its help text too: its name begins with the label.
const LAYOUT = /^Prompt layout: cache-friendly/;
const TEMPLATES = [
  {
    id: "product-testing",
    name: "Product Testing",
    questions: ["Q1?", "Q2?", "Q3?", "Q4?", "Q5?"],
  },
];

interface Options {
  draft?: unknown;
  state?: unknown;
}

function setup({ draft = null, state }: Options = {}) {
  const calls = recordCalls();
  server.use(
    ...personaLibrary(() => PERSONAS),
    api.get("/api/question-templates", () => HttpResponse.json(TEMPLATES)),
    api.get("/api/draft", () => HttpResponse.json({ draft })),
    api.put("/api/draft", async ({ request }) =>
      HttpResponse.json({ draft: await request.json() }),
    ),
    api.delete("/api/draft", () => new HttpResponse(null, { status: 204 })),
    api.post("/api/sessions", async ({ request }) =>
      HttpResponse.json({ id: "s9", ...((await request.json()) as object) }, { status: 201 }),
    ),
  );
  const router = createMemoryRouter(
    [
      { path: "/create-session", element: <CreateSessionPage /> },
      { path: "/session/:id", element: <p>live session page</p> },
      { path: "/dashboard", element: <p>dashboard page</p> },
    ],
    { initialEntries: [{ pathname: "/create-session", state }] },
  );
  renderWithProviders(<RouterProvider router={router} />);
  return { router, calls };
}

const option = (name: string) => screen.getByRole("button", { name: new RegExp(`^${name}`) });
const startButton = () => screen.getByRole("button", { name: "Start Session" });

describe("CreateSessionPage", { timeout: 30_000 }, () => {
  // A whole form filled by typing: long on a busy machine, so it gets its own time limit.
  it(
    "enables Start Session only with a name, 3-8 personas and 2 questions, then starts",
    { timeout: 60_000 },
    async () => {
      const user = userEvent.setup({ delay: null });
      const { router, calls } = setup();
      await screen.findByRole("region", { name: "Session Details" }, { timeout: 10_000 });
      await screen.findAllByTestId("participant-option");
      await screen.findAllByTestId("participant-option");
      for (const title of [
        "Select Participants (3-8)",
        "Moderator Style",
        "Add Stimuli",
        "Session Questions",
        "Response Settings",
        "Estimated Usage",
      ]) {
        expect(screen.getByRole("region", { name: title })).toBeInTheDocument();
      }
      expect(screen.getAllByRole("textbox", { name: /^Question \d+$/ })).toHaveLength(3);
      expect(startButton()).toBeDisabled();
      expect(screen.getByText("Please select 3-8 personas")).toBeInTheDocument();
      expect(screen.getByTestId("token-estimate")).toHaveTextContent("~0 tokens");

      await user.type(screen.getByLabelText("Session Name"), "Packaging test");
      await user.click(option("Sarah Chen"));
      await user.click(option("Marcus Johnson"));
      expect(screen.getByTestId("selected-count")).toHaveTextContent("2 selected");
      await user.click(option("Emily Rodriguez"));
      expect(screen.getByTestId("selected-count")).toHaveTextContent("3 selected");
      expect(screen.queryByText("Please select 3-8 personas")).not.toBeInTheDocument();
      await user.type(screen.getByRole("textbox", { name: "Question 1" }), "First impression?");
      expect(startButton()).toBeDisabled();
      await user.type(screen.getByRole("textbox", { name: "Question 2" }), "Would you buy it?");
      expect(startButton()).toBeEnabled();
      // 3 participants x 2 questions x 150 (moderate)
      expect(screen.getByTestId("token-estimate")).toHaveTextContent("~900 tokens");
      await user.click(screen.getByRole("radio", { name: /Brief/ }));
      expect(screen.getByTestId("token-estimate")).toHaveTextContent("~300 tokens");
      expect(screen.queryByTestId("moderator-calls")).toBeNull(); // the scripted moderator calls no model

      await user.click(startButton());
      expect(await screen.findByText("live session page")).toBeInTheDocument();
      expect(router.state.location.pathname).toBe("/session/s9");
      const post = calls.find((c) => c.method === "POST" && c.url === "/api/sessions");
      expect(post?.body).toEqual({
        name: "Packaging test",
        description: "",
        participantIds: ["p1", "p2", "p3"],
        moderatorStyle: "formal",
        stimuli: [],
        questions: ["First impression?", "Would you buy it?"],
        settings: {
          responseLength: "brief",
          discussionMode: "sequential",
          autoAdvance: false,
          moderator: "scripted",
          privateAnswers: false,
          modelBids: false,
        },
      });
      // The draft is cleared and not written again afterwards.
      const cleared = calls.findIndex((c) => c.method === "DELETE" && c.url === "/api/draft");
      expect(cleared).toBeGreaterThan(-1);
      expect(calls.slice(cleared).some((c) => c.method === "PUT")).toBe(false);
    },
  );

  it("sends the AI moderator when it is chosen in the Moderator section", async () => {
    const user = userEvent.setup({ delay: null });
    const { calls } = setup();
    await screen.findByRole("region", { name: "Session Details" }, { timeout: 10_000 });
    await screen.findAllByTestId("participant-option");
    const group = screen.getByRole("radiogroup", { name: "Moderator" });
    expect(screen.getByRole("radio", { name: /^Scripted/ })).toHaveAttribute(
      "aria-checked",
      "true",
    );
    expect(group).toBeInTheDocument();
    await user.click(screen.getByRole("radio", { name: /^AI moderator/ }));
    await user.type(screen.getByLabelText("Session Name"), "AI test");
    for (const name of ["Sarah Chen", "Marcus Johnson", "Emily Rodriguez"])
      await user.click(option(name));
    await user.type(screen.getByRole("textbox", { name: "Question 1" }), "One?");
    await user.type(screen.getByRole("textbox", { name: "Question 2" }), "Two?");
    // The estimate keeps the product's formula and says what the moderator adds to it.
    expect(screen.getByTestId("token-estimate")).toHaveTextContent("~900 tokens");
    expect(screen.getByTestId("moderator-calls")).toHaveTextContent(
      "The AI moderator adds 6 model calls",
    );
    await user.click(startButton());
    expect(await screen.findByText("live session page")).toBeInTheDocument();
    const post = calls.find((c) => c.method === "POST" && c.url === "/api/sessions");
    expect((post?.body as { settings: { moderator: string } }).settings.moderator).toBe("ai");
  });

  it("sends Prompt layout: cache-friendly to the cost estimate and with the session", async () => {
    const user = userEvent.setup({ delay: null });
    const { calls } = setup();
    await screen.findByRole("region", { name: "Session Details" }, { timeout: 10_000 });
    await screen.findAllByTestId("participant-option");
    await user.type(screen.getByLabelText("Session Name"), "Cache test");
    for (const name of ["Sarah Chen", "Marcus Johnson", "Emily Rodriguez"])
      await user.click(option(name));
    await user.type(screen.getByRole("textbox", { name: "Question 1" }), "One?");
    await user.type(screen.getByRole("textbox", { name: "Question 2" }), "Two?");
    const box = screen.getByRole("checkbox", { name: LAYOUT });
    expect(box).not.toBeChecked();
    await user.click(box);
    const layoutOf = (body: unknown) =>
      (body as { settings?: { promptLayout?: string } } | undefined)?.settings?.promptLayout;
    // The estimate is asked again with the layout, so it counts the longer prompts.
    await waitFor(
      () =>
        expect(
          calls.some(
            (c) => c.url === "/api/sessions/estimate" && layoutOf(c.body) === "cache-friendly",
          ),
        ).toBe(true),
      { timeout: 5_000 },
    );
    await user.click(startButton());
    expect(await screen.findByText("live session page")).toBeInTheDocument();
    const post = calls.find((c) => c.method === "POST" && c.url === "/api/sessions");
    expect(layoutOf(post?.body)).toBe("cache-friendly");
  });

  it("puts a persona passed in through navigation first and ignores a 9th selection", async () => {
    const user = userEvent.setup({ delay: null });
    setup({ state: { persona: PERSONAS[4] } });
    await screen.findByRole("region", { name: "Session Details" }, { timeout: 10_000 });
    await screen.findAllByTestId("participant-option");
    const options = screen.getAllByTestId("participant-option");
    expect(options[0]).toHaveTextContent("Jordan Taylor");
    expect(options[0]).toHaveAttribute("aria-pressed", "true");
    expect(screen.getByTestId("selected-count")).toHaveTextContent("1 selected");
    for (const name of NAMES.filter((n) => n !== "Jordan Taylor")) await user.click(option(name));
    expect(screen.getByTestId("selected-count")).toHaveTextContent("8 selected");
    expect(option("Maya Thompson")).toHaveAttribute("aria-pressed", "false");
    expect(option("Maya Thompson")).toHaveAttribute("aria-disabled", "true");
  });

  it("shows the diversity score from 2 personas", async () => {
    const user = userEvent.setup({ delay: null });
    setup();
    await screen.findByRole("region", { name: "Session Details" }, { timeout: 10_000 });
    await screen.findAllByTestId("participant-option");
    await user.click(option("Sarah Chen"));
    expect(screen.queryByTestId("diversity-card")).not.toBeInTheDocument();
    await user.click(option("Maya Thompson"));
    const card = screen.getByTestId("diversity-card");
    expect(within(card).getByRole("heading", { name: "Diversity Score" })).toBeInTheDocument();
    expect(within(card).getByTestId("diversity-score").textContent).toMatch(/^\d+$/);
    expect(within(card).getByTestId("diversity-label").textContent).toMatch(
      /^(Excellent|Moderate|Low)$/,
    );
    expect(within(card).getAllByRole("meter")).toHaveLength(5);
  });

  it("adds a text stimulus through its panel, with the product's messages", async () => {
    const user = userEvent.setup({ delay: null });
    setup();
    await screen.findByRole("region", { name: "Add Stimuli" });
    await user.click(screen.getByRole("button", { name: "Add Text" }));
    const panel = screen.getByTestId("add-stimulus-panel");
    await user.click(within(panel).getByRole("button", { name: "Add Stimulus" }));
    expect(await screen.findByText("Please fill in all fields")).toBeInTheDocument();
    await user.type(within(panel).getByLabelText("Title"), "Concept");
    await user.type(
      within(panel).getByLabelText("Content"),
      "A refill pouch with 70% less plastic.",
    );
    await user.click(within(panel).getByRole("button", { name: "Add Stimulus" }));
    expect(await screen.findByText("Stimulus added.")).toBeInTheDocument();
    expect(screen.queryByTestId("add-stimulus-panel")).not.toBeInTheDocument();
    const items = screen.getAllByTestId("stimulus-item");
    expect(items).toHaveLength(1);
    expect(items[0]).toHaveTextContent("Concept");
    await user.click(within(items[0]).getByRole("button", { name: "Remove Concept" }));
    expect(screen.queryAllByTestId("stimulus-item")).toHaveLength(0);

    await user.click(screen.getByRole("button", { name: "Add Video" }));
    await user.type(screen.getByLabelText("Title"), "Ad");
    await user.type(screen.getByLabelText("Video URL"), "https://example.com/page");
    await user.click(screen.getByRole("button", { name: "Add Stimulus" }));
    expect(await screen.findByText("Unsupported video URL format")).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Cancel" }));
    expect(screen.queryByTestId("add-stimulus-panel")).not.toBeInTheDocument();
  });

  it("manages question rows and fills them from a template", { timeout: 60_000 }, async () => {
    const user = userEvent.setup({ delay: null });
    setup();
    await screen.findByRole("region", { name: "Session Questions" });
    expect(screen.getAllByRole("button", { name: /^Remove question/ })).toHaveLength(3);
    await user.click(screen.getByRole("button", { name: "Remove question 3" }));
    expect(screen.getAllByRole("textbox", { name: /^Question \d+$/ })).toHaveLength(2);
    expect(screen.queryAllByRole("button", { name: /^Remove question/ })).toHaveLength(0);
    await user.click(screen.getByRole("combobox", { name: "Question template" }));
    await user.click(await screen.findByRole("option", { name: "Product Testing (5)" }));
    const rows = screen.getAllByRole("textbox", { name: /^Question \d+$/ });
    expect(rows.map((r) => (r as HTMLInputElement).value)).toEqual([
      "Q1?",
      "Q2?",
      "Q3?",
      "Q4?",
      "Q5?",
    ]);
    for (let i = 0; i < 5; i += 1)
      await user.click(screen.getByRole("button", { name: "Add Question" }));
    expect(screen.getAllByRole("textbox", { name: /^Question \d+$/ })).toHaveLength(10);
    expect(screen.getByRole("button", { name: "Add Question" })).toBeDisabled();
  });

  it("restores the draft, without a persona deleted since, and never reads the whole library", async () => {
    const { calls } = setup({
      draft: {
        status: "draft",
        name: "Saved name",
        description: "",
        participantIds: ["p2", "gone", "p3"],
        moderatorStyle: "probing",
        stimuli: [],
        questions: ["Kept question", ""],
        responseLength: "detailed",
        discussionMode: "parallel",
      },
    });
    expect(await screen.findByLabelText("Session Name")).toHaveValue("Saved name");
    expect(screen.getByTestId("selected-count")).toHaveTextContent("2 selected");
    expect(screen.getByRole("radio", { name: /Probing/ })).toHaveAttribute("aria-checked", "true");
    expect(screen.getByRole("radio", { name: /Detailed/ })).toHaveAttribute("aria-checked", "true");
    expect(screen.getByRole("radio", { name: /Parallel/ })).toHaveAttribute("aria-checked", "true");
    expect(screen.getByRole("textbox", { name: "Question 1" })).toHaveValue("Kept question");
    const options = await screen.findAllByTestId("participant-option");
    expect(options[0]).toHaveTextContent("Marcus Johnson");
    expect(options[1]).toHaveTextContent("Emily Rodriguez");
    expect(calls.some((c) => c.url === "/api/personas")).toBe(false);
    expect(calls.some((c) => c.url === "/api/personas/gone")).toBe(true);
  });

  it("autosaves the draft every 5 seconds while a name or participants exist", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
      const { calls } = setup();
      await screen.findByRole("region", { name: "Session Details" }, { timeout: 10_000 });
      await screen.findAllByTestId("participant-option");
      await screen.findAllByTestId("participant-option");
      await act(() => vi.advanceTimersByTimeAsync(5000));
      expect(calls.filter((c) => c.method === "PUT")).toHaveLength(0);
      await user.type(screen.getByLabelText("Session Name"), "Draft me");
      await act(() => vi.advanceTimersByTimeAsync(5000));
      await waitFor(() => expect(calls.filter((c) => c.method === "PUT")).toHaveLength(1));
      expect(calls.find((c) => c.method === "PUT")?.body).toMatchObject({
        status: "draft",
        name: "Draft me",
      });
      await act(() => vi.advanceTimersByTimeAsync(5000));
      expect(calls.filter((c) => c.method === "PUT")).toHaveLength(1); // unchanged: not saved again
    } finally {
      vi.useRealTimers();
    }
  });
});
