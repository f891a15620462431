import { screen } from "@testing-library/react";
import { HttpResponse } from "msw";
import { api } from "@/test/handlers/api";
import { renderRoutes } from "@/test/render";
import { server } from "@/test/server";
import { analytics, makeSession, headerOf } from "@/features/results/test/fixtures";
import type { Session } from "@/lib/api-types";
import { SessionResultsPage } from "./session-results";

function renderResults(session: Session) {
  server.use(
    api.get("/api/sessions/{session_id}/header", () => HttpResponse.json(headerOf(session))),
    api.get("/api/sessions/{session_id}/analytics", () => HttpResponse.json(analytics)),
  );
  renderRoutes(
    [{ path: "/session/:id/results", element: <SessionResultsPage /> }],
    "/session/s1/results",
  );
}

describe("The session's prompt layout on its results", () => {
  it("is named beside the model when the session ran cache-friendly", async () => {
    const plain = makeSession();
    renderResults(makeSession({ settings: { ...plain.settings, promptLayout: "cache-friendly" } }));
    expect(await screen.findByTestId("session-prompt-layout")).toHaveTextContent(
      "Prompt layout: cache-friendly",
    );
  });

  it("is not shown for the default layout (persona first)", async () => {
    renderResults(makeSession());
    await screen.findByRole("heading", { name: "Snack Study" });
    expect(screen.queryByTestId("session-prompt-layout")).toBeNull();
  });
});
