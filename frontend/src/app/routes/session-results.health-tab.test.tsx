import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { SessionResultsPage } from "@/app/routes/session-results";
import { makeSession, headerOf } from "@/features/results/test/fixtures";
import type { Session, SessionHealth } from "@/lib/api-types";
import { HttpResponse } from "msw";
import { api } from "@/test/handlers/api";
import { renderRoutes, renderWithProviders } from "@/test/render";
import { recordCalls } from "@/test/requests";
import { server } from "@/test/server";
import { transcriptPages } from "@/test/handlers/transcript";
import { HealthBadge } from "@/components/health-badge";

function healthFor(session: Session): SessionHealth {
  const ai = session.messages[2].id;
  return {
    sessionId: session.id,
    version: 1,
    overall: "poor",
    warnings: [
      "The answers were written by SmolLM2-135M-Instruct (135 million parameters), the built-in default, a model too small for research.",
      "Staying in character: 1 answer broke character: 1 speaks as an AI or assistant.",
    ],
    embedder: "wordllama l2_supercat 256d (offline)",
    source: "simulated",
    writtenBy: "model",
    model: { provider: "local", name: "SmolLM2-135M-Instruct", tooSmall: true },
    answerCount: 4,
    participantCount: 3,
    checked: ["characterBreaks", "verbosity"],
    computedAt: "2025-03-01T10:13:00Z",
    findings: [
      {
        key: "verbosity",
        title: "Length of answers",
        status: "ok",
        summary: "A typical answer has 5 words.",
        messageIds: [],
        data: {},
      },
      {
        key: "distinctiveness",
        title: "Distinct voices",
        status: "unclear",
        summary: "Not enough answers to tell: neither above chance nor below people's 1.5x chance.",
        messageIds: [],
        data: {},
      },
      {
        key: "characterBreaks",
        title: "Staying in character",
        status: "warn",
        summary: "1 answer broke character: 1 speaks as an AI or assistant.",
        messageIds: [ai],
        data: { count: 1 },
      },
    ],
  };
}

function renderResults(session: Session, path = "/session/s1/results?tab=health") {
  server.use(
    api.get("/api/sessions/{session_id}/header", () => HttpResponse.json(headerOf(session))),
    api.get("/api/sessions/{session_id}/health", () => HttpResponse.json(healthFor(session))),
    transcriptPages(session.messages),
  );
  const calls = recordCalls();
  const utils = renderRoutes(
    [{ path: "/session/:id/results", element: <SessionResultsPage /> }],
    path,
  );
  return { calls, ...utils };
}

describe("Health tab", () => {
  it("shows the verdict, the warnings in words and problems first", async () => {
    renderResults(makeSession());
    // The tab's code loads on demand: slow on a busy machine.
    expect(await screen.findByTestId("health-overall", {}, { timeout: 10_000 })).toHaveTextContent(
      "Poor",
    );
    const warnings = screen.getByRole("list", { name: "Warnings" });
    expect(within(warnings).getAllByRole("listitem")[0]).toHaveTextContent("SmolLM2-135M-Instruct");
    const findings = screen.getAllByTestId("health-finding");
    // Problems first, then what the answers cannot decide (neutral, not a warning), then the rest.
    expect(findings.map((f) => within(f).getByRole("heading").textContent)).toEqual([
      "Staying in character",
      "Distinct voices",
      "Length of answers",
    ]);
    expect(screen.getByTestId("finding-status-characterBreaks")).toHaveTextContent("Worth a look");
    expect(screen.getByTestId("finding-status-distinctiveness")).toHaveTextContent(
      "Not enough answers to tell",
    );
    expect(within(warnings).queryByText(/Distinct voices/)).toBeNull();
    expect(screen.getByText(/compared with wordllama/)).toBeInTheDocument();
  });

  it("links a finding to its message: the transcript opens there, outlined", async () => {
    const user = userEvent.setup();
    const session = makeSession();
    const { router } = renderResults(session);
    const link = await screen.findByRole(
      "button",
      { name: "Marcus Johnson, question 1, round 1" },
      { timeout: 10_000 },
    );
    await user.click(link);
    await waitFor(() =>
      expect(router.state.location.search).toBe(`?message=${session.messages[2].id}`),
    );
    await waitFor(() =>
      expect(document.getElementById(`message-${session.messages[2].id}`)).not.toBeNull(),
    );
    const row = document.getElementById(`message-${session.messages[2].id}`);
    expect(row).toHaveAttribute("data-focused", "true");
    await waitFor(() => expect(row).toHaveFocus());
    expect(screen.getByRole("tab", { name: "Transcript" })).toHaveAttribute(
      "aria-selected",
      "true",
    );
  });

  it("waits for completion before measuring", async () => {
    const { calls } = renderResults(makeSession({ status: "in-progress", completedAt: null }));
    expect(
      await screen.findByText("The health report is measured once the session has completed."),
    ).toBeInTheDocument();
    expect(calls.some((c) => c.url.endsWith("/health"))).toBe(false);
  });
});

describe("HealthBadge", () => {
  it("shows the verdict, nothing before it is measured", () => {
    const { rerender } = renderWithProviders(<HealthBadge overall="fair" />);
    expect(screen.getByTestId("health-badge")).toHaveTextContent("Health: Fair");
    rerender(<HealthBadge overall={null} />);
    expect(screen.queryByTestId("health-badge")).toBeNull();
  });
});
