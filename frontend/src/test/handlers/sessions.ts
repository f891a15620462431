import { HttpResponse } from "msw";
import { api } from "./api";

/**
 * No sessions (an unknown one answers 404 as the server does, its transcript pages too:
 * transcript.ts answers them from a test's messages), no question templates, no
 * saved draft of the create form; saving or clearing one succeeds.
 */
export const sessionHandlers = [
  api.get("/api/sessions/page", () => HttpResponse.json({ items: [], nextCursor: null, total: 0 })),
  api.get("/api/sessions/stats", () =>
    HttpResponse.json({
      totalSessions: 0,
      completedSessions: 0,
      totalPersonas: 0,
      thisWeek: 0,
      sentimentCounts: { positive: 0, neutral: 0, negative: 0 },
    }),
  ),
  api.get("/api/sessions/{session_id}", () =>
    HttpResponse.json(
      { error: "Session not found", errors: ["Session not found"] },
      { status: 404 },
    ),
  ),
  api.get("/api/sessions/{session_id}/header", () =>
    HttpResponse.json(
      { error: "Session not found", errors: ["Session not found"] },
      { status: 404 },
    ),
  ),
  api.get("/api/sessions/{session_id}/messages", () =>
    HttpResponse.json(
      { error: "Session not found", errors: ["Session not found"] },
      { status: 404 },
    ),
  ),
  api.get("/api/question-templates", () => HttpResponse.json([])),
  api.get("/api/draft", () => HttpResponse.json({ draft: null })),
  api.put("/api/draft", () => HttpResponse.json({})),
  api.delete("/api/draft", () => new HttpResponse(null, { status: 204 })),
  api.get("/api/surveys/scales", () => HttpResponse.json([])),
];
