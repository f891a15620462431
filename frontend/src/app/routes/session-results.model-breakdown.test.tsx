import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { HttpResponse } from "msw";
import { api } from "@/test/handlers/api";
import { renderRoutes } from "@/test/render";
import { recordCalls } from "@/test/requests";
import { server } from "@/test/server";
import { transcriptPages } from "@/test/handlers/transcript";
import { analytics, makeSession, message, headerOf } from "@/features/results/test/fixtures";
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

const ENV_MODEL = {
  provider: "openai",
  baseUrl: null,
  model: "m",
  apiKeySet: false,
  source: "env",
};

function renderMixed(session = mixed) {
  server.use(
    api.get("/api/sessions/{session_id}/header", () => HttpResponse.json(headerOf(session))),
    transcriptPages(session.messages),
    api.get("/api/sessions/{session_id}/analytics", ({ request }) => {
      const model = new URL(request.url).searchParams.get("model");
      if (model === null) return HttpResponse.json(analytics);
      const beta = model === "beta-model";
      return HttpResponse.json({
        ...analytics,
        responseCount: beta ? 1 : 2,
        averageSentiment: beta ? -0.5 : 0.25,
      });
    }),
    api.get("/api/sessions/{session_id}/health", ({ request }) => {
      const model = new URL(request.url).searchParams.get("model");
      return HttpResponse.json({ ...health, overall: model === "beta-model" ? "poor" : "good" });
    }),
    api.get("/api/settings/model", () => HttpResponse.json(ENV_MODEL)),
    api.post("/api/sessions/{session_id}/rerun", () =>
      HttpResponse.json({ ...session, id: "s2" }, { status: 201 }),
    ),
  );
  renderRoutes(
    [
      { path: "/session/:id/results", element: <SessionResultsPage /> },
      { path: "/session/:id", element: <p>live session page</p> },
      { path: "/compare", element: <p>compare page</p> },
    ],
    "/session/s1/results",
  );
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
    await screen.findByRole("list", { name: "Transcript" }); // its first page
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
    server.use(
      api.get("/api/sessions/{session_id}/header", () =>
        HttpResponse.json(headerOf(makeSession())),
      ),
      api.get("/api/sessions/{session_id}/analytics", () => HttpResponse.json(analytics)),
      api.get("/api/settings/model", () => HttpResponse.json(ENV_MODEL)),
      api.get("/api/model-profiles", () =>
        HttpResponse.json({
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
        }),
      ),
      api.post("/api/sessions/{session_id}/rerun", () =>
        HttpResponse.json({ ...makeSession(), id: "s2" }, { status: 201 }),
      ),
    );
    const calls = recordCalls();
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
    const call = calls.find((c) => c.url === "/api/sessions/s1/rerun");
    expect(call?.body).toEqual({ profileId: "mp7" });
  });
});
