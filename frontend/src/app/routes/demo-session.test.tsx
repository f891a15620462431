import { act, screen, within } from "@testing-library/react";
import type { DemoScript } from "@/lib/api-types";
import { jsonResponse, makePersona, mockFetch, renderRoutes } from "@/test/render";
import { DemoSessionPage } from "./demo-session";

const maya = makePersona({ id: "d1", name: "Maya Green", location: "Portland, OR" });
const frank = makePersona({ id: "d2", name: "Frank Morrison", location: "Dallas, TX" });

const script: DemoScript = {
  sessionId: "demo",
  name: "Eco-Friendly Packaging Study",
  description: "A scripted focus group.",
  stimulus: {
    id: "s",
    type: "image",
    title: "Compostable snack pouch concept",
    content: "/demo/eco-packaging.svg",
    description: "Kraft-paper pouch",
  },
  participants: [maya, frank],
  questions: ["First impression?", "Would you pay more?"],
  script: [
    {
      questionIndex: 0,
      question: "First impression?",
      responses: [
        {
          personaId: "d1",
          speaker: "Maya Green",
          content: "I love it, a great idea.",
          sentiment: "positive",
        },
        {
          personaId: "d2",
          speaker: "Frank Morrison",
          content: "Terrible. I would never buy it.",
          sentiment: "negative",
        },
      ],
    },
    {
      questionIndex: 1,
      question: "Would you pay more?",
      responses: [
        { personaId: "d1", speaker: "Maya Green", content: "A little more.", sentiment: "neutral" },
        { personaId: "d2", speaker: "Frank Morrison", content: "No.", sentiment: "neutral" },
      ],
    },
  ],
  timing: {
    afterModeratorMs: 1000,
    typingMs: 1500,
    betweenQuestionsMs: 2000,
    completionDelayMs: 1000,
    speeds: [1, 1.5, 2],
  },
};

/** Moves fake time forward, letting promises and React updates settle. */
async function tick(ms: number) {
  await act(() => vi.advanceTimersByTimeAsync(ms));
}

function setup() {
  const completions: unknown[] = [];
  mockFetch((url, init) => {
    if (url === "/api/demo-script") return jsonResponse(script);
    if (url === "/api/sessions/demo/complete" && init?.method === "POST") {
      completions.push(JSON.parse(String(init.body)));
      return jsonResponse({
        id: "demo",
        name: script.name,
        status: "completed",
        createdAt: "",
        completedAt: "",
        messageCount: 6,
        tokensUsed: 10,
      });
    }
    return undefined;
  });
  const utils = renderRoutes(
    [
      { path: "/demo-session", element: <DemoSessionPage /> },
      { path: "/session/:id/results", element: <p>results page</p> },
    ],
    "/demo-session",
  );
  return { completions, ...utils };
}

const messages = () =>
  within(screen.getByRole("log", { name: "Demo discussion" })).queryAllByTestId("demo-message");

describe("DemoSessionPage", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it("plays the script with the product's waits, then completes and opens the results after 1 s", async () => {
    const { completions, router } = setup();
    await tick(0);
    await tick(0);
    expect(
      screen.getByRole("heading", { name: "Eco-Friendly Packaging Study" }),
    ).toBeInTheDocument();
    expect(screen.getByRole("img", { name: "Kraft-paper pouch" })).toHaveAttribute(
      "src",
      "/demo/eco-packaging.svg",
    );
    expect(screen.getByText("Session in progress...")).toBeInTheDocument();

    // The moderator asks at once.
    expect(messages().map((m) => m.dataset.speaker)).toEqual(["Moderator"]);
    expect(screen.getByTestId("moderator-avatar")).toBeInTheDocument();
    expect(screen.getByTestId("demo-progress")).toHaveTextContent("Question 1 of 2");
    expect(screen.getByTestId("current-question")).toHaveTextContent("First impression?");

    await tick(999);
    expect(screen.queryByText(/is typing\.\.\./)).toBeNull();
    await tick(1);
    expect(screen.getByText("Maya Green is typing...")).toBeInTheDocument();

    await tick(1500);
    expect(messages()).toHaveLength(2);
    expect(
      within(messages()[1]).getByRole("img", { name: "Positive sentiment" }),
    ).toBeInTheDocument();
    expect(screen.getByText("Frank Morrison is typing...")).toBeInTheDocument();
    expect(screen.getByTestId("demo-progress")).toHaveTextContent("25%");

    await tick(1500);
    expect(
      within(messages()[2]).getByRole("img", { name: "Negative sentiment" }),
    ).toBeInTheDocument();
    expect(screen.queryByText(/is typing\.\.\./)).toBeNull();

    await tick(1999);
    expect(messages()).toHaveLength(3);
    await tick(1);
    expect(messages()).toHaveLength(4);
    expect(screen.getByTestId("demo-progress")).toHaveTextContent("Question 2 of 2");

    await tick(1000 + 1500 + 1500);
    expect(messages()).toHaveLength(6);
    expect(completions).toEqual([{ speed: 1 }]);
    expect(screen.getByText("Session complete. Opening results...")).toBeInTheDocument();
    expect(screen.getByTestId("demo-progress")).toHaveTextContent("100%");

    await tick(999);
    expect(router.state.location.pathname).toBe("/demo-session");
    await tick(1);
    expect(router.state.location.pathname).toBe("/session/demo/results");
  });

  it("divides the waits by the chosen speed", async () => {
    const { completions, router } = setup();
    await tick(0);
    await tick(0);
    const twice = screen.getByRole("button", { name: "2x" });
    expect(screen.getByRole("button", { name: "1x" })).toHaveAttribute("aria-pressed", "true");
    act(() => twice.click());
    expect(twice).toHaveAttribute("aria-pressed", "true");

    await tick(500);
    expect(screen.getByText("Maya Green is typing...")).toBeInTheDocument();
    // 2 questions x (1000 + 2 x 1500) + 2000 = 10000 ms at 1x, 5000 ms at 2x.
    await tick(4499);
    expect(completions).toEqual([]);
    await tick(1);
    expect(completions).toEqual([{ speed: 2 }]);
    await tick(1000); // the completion delay is not divided by the speed
    expect(router.state.location.pathname).toBe("/session/demo/results");
  });

  it("stops playing when left", async () => {
    const { router, completions } = setup();
    await tick(0);
    await tick(0);
    await act(() => router.navigate("/session/other/results"));
    expect(vi.getTimerCount()).toBe(0);
    await tick(60_000);
    expect(completions).toEqual([]);
  });
});
