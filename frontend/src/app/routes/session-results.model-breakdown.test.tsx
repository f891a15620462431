import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { jsonResponse, mockFetch, renderRoutes } from "@/test/render";
import { analytics, makeSession, message } from "@/features/results/test/fixtures";
import { SessionResultsPage } from "./session-results";

const health = {
  sessionId: "s1",
  version: 1,
  overall: "good",
  warnings: [],
  embedder: "wordllama",
  model: { provider: "openai", name: "x" },
  answerCount: 1,
  participantCount: 1,
  findings: [],
  checked: [],
  computedAt: "2025-03-01T10:12:00Z",
};

const mixed = makeSession({
  messages: [
    message({ kind: "question", content: "What do you think?" }),
    message({
      speaker: "Sarah Chen",
      personaId: "p1",
      participantIndex: 0,
      content: "Tasty.",
      model: "alpha-model",
      profileName: "Default",
    }),
    message({
      speaker: "Marcus Johnson",
      personaId: "p2",
      participantIndex: 1,
      content: "Too salty.",
      model: "beta-model",
      profileName: "Beta",
    }),
  ],
});

function renderMixed(session = mixed) {
  const fetch = mockFetch((url, init) => {
    if (url === "/api/sessions/s1") return jsonResponse(session);
    if (url.startsWith("/api/sessions/s1/analytics?model=")) {
      const beta = url.endsWith("beta-model");
      return jsonResponse({
        ...analytics,
        responseCount: beta ? 1 : 2,
        averageSentiment: beta ? -0.5 : 0.25,
      });
    }
    if (url === "/api/sessions/s1/analytics") return jsonResponse(analytics);
    if (url.startsWith("/api/sessions/s1/health?model="))
      return jsonResponse({ ...health, overall: url.endsWith("beta-model") ? "poor" : "good" });
    if (url === "/api/model-profiles") return jsonResponse({ profiles: [] });
    if (url === "/api/settings/model")
      return jsonResponse({
        provider: "openai",
        baseUrl: null,
        model: "m",
        apiKeySet: false,
        source: "env",
      });
    if (url === "/api/sessions/s1/rerun" && init?.method === "POST")
      return jsonResponse({ ...session, id: "s2" }, 201);
    return undefined;
  });
  renderRoutes(
    [
      { path: "/session/:id/results", element: <SessionResultsPage /> },
      { path: "/session/:id", element: <p>live session page</p> },
      { path: "/compare", element: <p>compare page</p> },
    ],
    "/session/s1/results",
  );
  return fetch;
}

describe("a mixed panel's results", () => {
  it("breaks analytics and health down by model and links to the comparison", async () => {
    const user = userEvent.setup();
    renderMixed();
    const rows = await screen.findAllByTestId("model-row");
    expect(rows.map((r) => r.dataset.model)).toEqual(["alpha-model", "beta-model"]);
    await waitFor(() => expect(rows[1]).toHaveTextContent("-0.50"));
    expect(within(rows[1]).getByText("Poor")).toBeInTheDocument();
    expect(rows[0]).toHaveTextContent("0.25");
    await user.click(screen.getByRole("link", { name: "Compare the models side by side" }));
    expect(await screen.findByText("compare page")).toBeInTheDocument();
  });

  it("filters the transcript by model and names each answer's model", async () => {
    const user = userEvent.setup();
    renderMixed();
    const filter = await screen.findByRole("combobox", { name: "Filter by model" });
    expect(screen.getAllByTestId("message-model").map((t) => t.textContent)).toEqual([
      "alpha-model",
      "beta-model",
    ]);
    await user.selectOptions(filter, "beta-model");
    const shown = screen.getAllByTestId("transcript-message").map((m) => m.dataset.speaker);
    expect(shown).toEqual(["Moderator", "Marcus Johnson"]);
  });

  it("shows no model breakdown or filter when one model wrote every answer", async () => {
    renderMixed(
      makeSession({
        messages: [
          message({ speaker: "Sarah Chen", personaId: "p1", content: "Hi.", model: "alpha-model" }),
        ],
      }),
    );
    await screen.findByRole("heading", { name: "Snack Study" });
    expect(screen.queryByTestId("model-breakdown")).toBeNull();
    expect(screen.queryByRole("combobox", { name: "Filter by model" })).toBeNull();
  });

  it("runs the copy on a saved profile", { timeout: 15_000 }, async () => {
    const user = userEvent.setup();
    const fetch = mockFetch((url, init) => {
      if (url === "/api/sessions/s1") return jsonResponse(makeSession());
      if (url === "/api/sessions/s1/analytics") return jsonResponse(analytics);
      if (url === "/api/settings/model")
        return jsonResponse({
          provider: "openai",
          baseUrl: null,
          model: "m",
          apiKeySet: false,
          source: "env",
        });
      if (url === "/api/model-profiles")
        return jsonResponse({
          profiles: [
            {
              id: "mp7",
              name: "Claude",
              provider: "anthropic",
              baseUrl: null,
              model: "claude-haiku",
              apiKeySet: true,
              isDefault: false,
            },
          ],
        });
      if (url === "/api/sessions/s1/rerun" && init?.method === "POST")
        return jsonResponse({ ...makeSession(), id: "s2" }, 201);
      return undefined;
    });
    renderRoutes(
      [
        { path: "/session/:id/results", element: <SessionResultsPage /> },
        { path: "/session/:id", element: <p>live session page</p> },
      ],
      "/session/s1/results",
    );
    await user.click(await screen.findByRole("button", { name: "Run again on another model" }));
    await user.click(await screen.findByRole("radio", { name: /A saved profile/ }));
    expect(screen.getByRole("combobox", { name: "Profile to run the copy on" })).toHaveValue("mp7");
    expect(screen.queryByTestId("rerun-model-form")).toBeNull();
    await user.click(screen.getByRole("button", { name: "Run the copy" }));
    expect(await screen.findByText("live session page")).toBeInTheDocument();
    const call = fetch.mock.calls.find(([url]) => url === "/api/sessions/s1/rerun");
    expect(JSON.parse(String(call?.[1]?.body))).toEqual({ profileId: "mp7" });
  });
});
