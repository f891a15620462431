import { act, screen, waitFor, within } from "@testing-library/react";
import { headerOf } from "@/features/results/test/fixtures";
import { transcriptPages } from "@/test/handlers/transcript";
import userEvent from "@testing-library/user-event";
import type { Session } from "@/lib/api-types";
import { HttpResponse } from "msw";
import { api } from "@/test/handlers/api";
import { renderRoutes } from "@/test/render";
import { server } from "@/test/server";
import { answer, makeMessage, makeSession } from "@/features/sessions/testing/fixtures";
import { LiveSessionPage } from "./live-session";

/** A stand-in for the browser's EventSource that tests drive by hand. */
class FakeEventSource {
  static instances: FakeEventSource[] = [];
  readonly url: string;
  closed = false;
  private listeners = new Map<string, Set<(event: Event) => void>>();

  constructor(url: string) {
    this.url = url;
    FakeEventSource.instances.push(this);
  }

  addEventListener(name: string, listener: (event: Event) => void) {
    if (!this.listeners.has(name)) this.listeners.set(name, new Set());
    this.listeners.get(name)?.add(listener);
  }

  removeEventListener(name: string, listener: (event: Event) => void) {
    this.listeners.get(name)?.delete(listener);
  }

  close() {
    this.closed = true;
  }

  /** Dispatches an event (no data: like the EventSource's own connection errors). */
  async emit(name: string, data?: unknown) {
    const event =
      data === undefined ? new Event(name) : new MessageEvent(name, { data: JSON.stringify(data) });
    await act(async () => {
      for (const listener of this.listeners.get(name) ?? []) listener(event);
      // Query cache notifications are batched on a timer.
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
  }

  static latest(): FakeEventSource {
    const source = FakeEventSource.instances.at(-1);
    if (!source) throw new Error("no EventSource was opened");
    return source;
  }
}

beforeEach(() => {
  FakeEventSource.instances = [];
  vi.stubGlobal("EventSource", FakeEventSource);
});

function setup(initial: Session | null, onRun?: (s: Session) => Session) {
  let session = initial;
  const posts: string[] = [];
  /** Answers an action on the session with the session after it. */
  const afterAction = (action: string, change: (s: Session) => Session) => () => {
    if (!session) return HttpResponse.json({ error: "Session not found" }, { status: 404 });
    posts.push(action);
    session = change(session);
    return HttpResponse.json(session);
  };
  server.use(
    // The live screen reads the header and the newest page, never the whole session.
    api.get("/api/sessions/{session_id}/header", () =>
      session
        ? HttpResponse.json(headerOf(session))
        : HttpResponse.json({ error: "Session not found" }, { status: 404 }),
    ),
    transcriptPages(() => session?.messages ?? []),
    api.post(
      "/api/sessions/{session_id}/run",
      afterAction("run", (s) => (onRun ? onRun(s) : { ...s, running: true, error: null })),
    ),
    api.post(
      "/api/sessions/{session_id}/stop",
      afterAction("stop", (s) => ({ ...s, running: false })),
    ),
    api.post(
      "/api/sessions/{session_id}/save",
      afterAction("save", (s) => s),
    ),
    api.post(
      "/api/sessions/{session_id}/end",
      afterAction("end", (s) => ({ ...s, status: "completed", running: false })),
    ),
  );
  const rendered = renderRoutes(
    [
      { path: "/session/:id", element: <LiveSessionPage /> },
      { path: "/dashboard", element: <p>dashboard page</p> },
      { path: "/session/:id/results", element: <p>results page</p> },
      { path: "/compare", element: <p>compare page</p> },
    ],
    "/session/s1",
  );
  /** Changes what the server answers from now on. */
  const update = (change: (s: Session) => Session) => {
    if (session) session = change(session);
  };
  return { ...rendered, posts, update };
}

describe("LiveSessionPage", () => {
  it("redirects an unknown session to the dashboard", async () => {
    const { router } = setup(null);
    expect(await screen.findByText("dashboard page")).toBeInTheDocument();
    expect(router.state.location.pathname).toBe("/dashboard");
  });

  it("starts the run once, follows live events and streams the answer being written", async () => {
    const { posts } = setup(makeSession());
    expect(await screen.findByRole("heading", { name: "Packaging test" })).toBeInTheDocument();
    await waitFor(() => expect(posts).toEqual(["run"]));
    const source = FakeEventSource.latest();
    expect(source.url).toBe("/api/sessions/s1/events");

    await source.emit("ready", {});
    await source.emit("message", makeMessage({ id: "q0" }));
    await source.emit("thinking", {
      questionIndex: 0,
      round: 0,
      participants: [
        { participantIndex: 0, personaId: "p1", name: "Sarah Chen" },
        { participantIndex: 1, personaId: "p2", name: "Marcus Johnson" },
      ],
    });
    const writing = screen.getAllByTestId("writing-answer");
    expect(writing).toHaveLength(2);
    expect(writing[0]).toHaveTextContent("Sarah Chen is thinking...");
    await source.emit("token", {
      participantIndex: 0,
      personaId: "p1",
      questionIndex: 0,
      round: 0,
      delta: "I love ",
    });
    await source.emit("token", {
      participantIndex: 0,
      personaId: "p1",
      questionIndex: 0,
      round: 0,
      delta: "it",
    });
    expect(screen.getAllByTestId("writing-answer")[0]).toHaveTextContent("I love it");
    const speaking = screen.getByTestId("speaking-badge");
    expect(speaking.closest("[data-testid=participant]")).toHaveTextContent("Sarah Chen");

    await source.emit("message", answer(0, 0, 0, "I love it, great idea.", "positive"));
    await source.emit("progress", {
      responses: 1,
      total: 18,
      questionIndex: 0,
      round: 0,
      participantIndex: 1,
      speakingPersonaId: "p2",
      tokensUsed: 7,
    });
    const messages = screen.getAllByTestId("message");
    expect(messages).toHaveLength(2);
    expect(messages[1]).toHaveTextContent("Sarah Chen");
    expect(within(messages[1]).getByRole("img", { name: "Positive sentiment" })).toHaveTextContent(
      "😊",
    );
    expect(screen.getAllByTestId("writing-answer")).toHaveLength(1);
    expect(screen.getByTestId("overall-progress")).toHaveTextContent("1 / 18 responses");
    expect(screen.getByTestId("question-progress")).toHaveTextContent("1 of 2");
    expect(screen.getByTestId("round-progress")).toHaveTextContent(
      "Discussion Round 1 of 3 (Initial Responses)",
    );
    expect(screen.getByTestId("tokens-used")).toHaveTextContent("~7");
    expect(screen.getByRole("button", { name: "Stop" })).toBeEnabled();
  });

  it("shows the error box with the 402 hint, toasts, and retries", async () => {
    const user = userEvent.setup();
    const { posts, update } = setup(makeSession({ messages: [makeMessage({ id: "q0" })] }));
    await screen.findByRole("heading", { name: "Packaging test" });
    await waitFor(() => expect(posts).toEqual(["run"]));
    const source = FakeEventSource.latest();
    update((s) => ({
      ...s,
      running: false,
      error: { status: 402, message: "Credits depleted (402)" },
    }));
    await source.emit("error", { status: 402, message: "Credits depleted (402)" });
    await source.emit("status", {
      status: "in-progress",
      running: false,
      error: { status: 402, message: "Credits depleted (402)" },
    });

    const box = screen.getByTestId("generation-error");
    expect(box).toHaveTextContent("Credits depleted (402)");
    expect(box).toHaveTextContent("Credits depleted. Please add credits to continue.");
    expect(await screen.findByText("Credits Depleted")).toBeInTheDocument();
    expect(screen.getByText("Please add credits to continue.")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Stop" })).toBeDisabled();

    await user.click(within(box).getByRole("button", { name: "Retry" }));
    await waitFor(() => expect(posts).toEqual(["run", "run"]));
    await waitFor(() => expect(screen.queryByTestId("generation-error")).not.toBeInTheDocument());

    // A connection error of the EventSource itself (no data) is not a generation error.
    await source.emit("error");
    expect(screen.queryByTestId("generation-error")).not.toBeInTheDocument();
  });

  it("shows View Results instead of the controls once completed, and does not run it", async () => {
    const { posts } = setup(
      makeSession({
        status: "completed",
        messages: [
          makeMessage({ id: "q0" }),
          answer(1, 0, 0, "Not for me, it is a bad deal.", "negative"),
        ],
        progress: {
          responses: 18,
          total: 18,
          questionIndex: 1,
          round: 2,
          participantIndex: null,
          speakingPersonaId: null,
        },
      }),
    );
    const results = await screen.findByRole("link", { name: "View Results" });
    expect(results).toHaveAttribute("href", "/session/s1/results");
    for (const name of ["Save", "End Session", "Stop"]) {
      expect(screen.queryByRole("button", { name })).not.toBeInTheDocument();
    }
    expect(screen.getByTestId("round-progress")).toHaveTextContent(
      "Discussion Round 3 of 3 (Multi-turn Dialog)",
    );
    expect(screen.getByRole("img", { name: "Negative sentiment" })).toHaveTextContent("😟");
    await new Promise((r) => setTimeout(r, 50));
    expect(posts).toEqual([]);
  });

  it("opens the comparison with the human original when a replay completes", async () => {
    const user = userEvent.setup();
    const { posts, update, router } = setup(
      makeSession({
        replayOf: { sessionId: "h 1", participants: [0, 1], basis: "held-out", label: "held-out" },
      }),
    );
    await screen.findByRole("heading", { name: "Packaging test" });
    await waitFor(() => expect(posts).toEqual(["run"]));
    expect(
      screen.queryByRole("link", { name: "Compare with the human original" }),
    ).not.toBeInTheDocument();
    const source = FakeEventSource.latest();
    await source.emit("progress", {
      responses: 17,
      total: 18,
      questionIndex: 1,
      round: 2,
      participantIndex: 1,
      speakingPersonaId: "p2",
      tokensUsed: 9,
    });
    expect(router.state.location.pathname).toBe("/session/s1"); // still running

    update((s) => ({ ...s, status: "completed", running: false }));
    await source.emit("status", { status: "completed", running: false, error: null });
    expect(await screen.findByText("compare page")).toBeInTheDocument();
    expect(router.state.location.pathname).toBe("/compare");
    expect(router.state.location.search).toBe("?ids=h%201,s1");
    expect(
      await screen.findByText("Replay completed: comparing it with the human original"),
    ).toBeInTheDocument();

    // Back returns to the transcript, which stays there and offers the comparison first.
    await act(() => router.navigate(-1));
    const compare = await screen.findByRole("link", { name: "Compare with the human original" });
    expect(compare).toHaveAttribute("href", "/compare?ids=h%201,s1");
    expect(screen.getByRole("link", { name: "View Results" })).toHaveAttribute(
      "href",
      "/session/s1/results",
    );
    expect(router.state.location.pathname).toBe("/session/s1");
    await user.click(compare);
    expect(await screen.findByText("compare page")).toBeInTheDocument();
  });

  it("a completed replay opens on its transcript with the comparison as the first action", async () => {
    const { router } = setup(
      makeSession({
        status: "completed",
        replayOf: { sessionId: "h1", participants: [0], basis: "held-out", label: "held-out" },
      }),
    );
    const links = await screen.findAllByRole("link", {
      name: /Compare with the human original|View Results/,
    });
    expect(links.map((l) => l.textContent)).toEqual([
      "Compare with the human original",
      "View Results",
    ]);
    await new Promise((r) => setTimeout(r, 50));
    expect(router.state.location.pathname).toBe("/session/s1");
  });

  it("a session that is no replay stays on its page when it completes", async () => {
    const { posts, update, router } = setup(makeSession());
    await waitFor(() => expect(posts).toEqual(["run"]));
    update((s) => ({ ...s, status: "completed", running: false }));
    await FakeEventSource.latest().emit("status", {
      status: "completed",
      running: false,
      error: null,
    });
    expect(await screen.findByRole("link", { name: "View Results" })).toBeInTheDocument();
    expect(
      screen.queryByRole("link", { name: "Compare with the human original" }),
    ).not.toBeInTheDocument();
    await new Promise((r) => setTimeout(r, 50));
    expect(router.state.location.pathname).toBe("/session/s1");
  });

  it("marks an imported human group as such", async () => {
    setup(makeSession({ status: "completed", source: "human" }));
    expect(await screen.findByTestId("human-badge")).toHaveTextContent("Human group");
  });

  it("shows stimuli: YouTube embedded, other videos native, links in a new tab", async () => {
    setup(
      makeSession({
        status: "completed",
        stimuli: [
          {
            id: "a",
            type: "video",
            title: "Ad one",
            content: "https://youtu.be/dQw4w9WgXcQ",
            platform: "youtube",
          },
          {
            id: "b",
            type: "video",
            title: "Ad two",
            content: "https://cdn.test/ad.mp4",
            platform: "direct",
          },
          {
            id: "c",
            type: "video",
            title: "Ad three",
            content: "https://cdn.test/third.mp4",
            platform: "direct",
          },
          {
            id: "d",
            type: "audio",
            title: "Jingle",
            content: "https://open.spotify.com/track/x",
            platform: "spotify",
          },
          { id: "e", type: "url", title: "Landing page", content: "https://example.com/refill" },
          { id: "f", type: "text", title: "Concept", content: "Refill pouch" },
          { id: "g", type: "image", title: "Pack shot", content: "/uploads/1.png" },
        ],
      }),
    );
    const panel = await screen.findByRole("region", { name: "Stimulus Materials" });
    const videos = within(panel).getAllByTestId("stimulus-video");
    expect(videos).toHaveLength(2);
    expect(videos[0].querySelector("iframe")).toHaveAttribute(
      "src",
      "https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ",
    );
    expect(videos[1].querySelector("video")).toHaveAttribute("src", "https://cdn.test/ad.mp4");
    expect(within(panel).getByTestId("stimulus-audio").querySelector("audio")).toBeInTheDocument();
    expect(within(panel).getByText("Spotify")).toBeInTheDocument();
    const link = within(panel).getByRole("link", { name: /example\.com\/refill/ });
    expect(link).toHaveAttribute("target", "_blank");
    expect(link.getAttribute("rel")).toContain("noopener");
    expect(within(panel).getByText("Refill pouch")).toBeInTheDocument();
    expect(within(panel).getByRole("img", { name: "Pack shot" })).toHaveAttribute(
      "src",
      "/uploads/1.png",
    );
  });

  it("shows each participant's model when the panel is mixed", async () => {
    const on = (p: number, model: string) => ({
      ...answer(p, 0, 0, `answer ${p}`),
      model,
      profileName: model,
    });
    const session = makeSession({
      status: "completed",
      messages: [
        makeMessage({ id: "q0" }),
        on(0, "alpha-model"),
        on(1, "beta-model"),
        on(2, "alpha-model"),
      ],
    });
    setup(session);
    expect(await screen.findByRole("heading", { name: "Packaging test" })).toBeInTheDocument();
    const people = screen.getAllByTestId("participant");
    expect(within(people[0]).getByTestId("participant-model")).toHaveTextContent(
      "Model: alpha-model",
    );
    expect(within(people[1]).getByTestId("participant-model")).toHaveTextContent(
      "Model: beta-model",
    );
    expect(within(people[2]).getByTestId("participant-model")).toHaveTextContent(
      "Model: alpha-model",
    );
  });

  it("shows no model for a panel on one model", async () => {
    const on = (p: number) => ({ ...answer(p, 0, 0, `answer ${p}`), model: "alpha-model" });
    setup(
      makeSession({
        status: "completed",
        messages: [makeMessage({ id: "q0" }), on(0), on(1), on(2)],
      }),
    );
    expect(await screen.findByRole("heading", { name: "Packaging test" })).toBeInTheDocument();
    expect(screen.getAllByTestId("participant")).toHaveLength(3);
    expect(screen.queryByTestId("participant-model")).not.toBeInTheDocument();
  });
  it("holds the newest 200 messages and reads earlier ones from the server on demand", async () => {
    const user = userEvent.setup();
    // 250 answers of one question (answer i in round i): the page opens with the last 200.
    const messages = Array.from({ length: 250 }, (_, i) =>
      makeMessage({
        id: `a${i}`,
        speaker: "Ada",
        personaId: "p1",
        participantIndex: 0,
        kind: "response",
        round: i,
        content: `Answer ${i}`,
      }),
    );
    setup(makeSession({ status: "completed", running: false, messages }));
    const button = await screen.findByTestId("show-earlier", {}, { timeout: 10_000 });
    expect(button).toHaveTextContent("Show earlier messages (50 not shown)");
    expect(screen.getAllByTestId("message")).toHaveLength(200);
    expect(screen.queryByText("Answer 49")).toBeNull();
    await user.click(button);
    expect(await screen.findByText("Answer 0")).toBeInTheDocument();
    expect(screen.getAllByTestId("message")).toHaveLength(250);
    expect(screen.queryByTestId("show-earlier")).toBeNull();
  });
});
