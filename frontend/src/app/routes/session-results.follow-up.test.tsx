import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { HttpResponse } from "msw";
import { api } from "@/test/handlers/api";
import { renderRoutes } from "@/test/render";
import { recordCalls } from "@/test/requests";
import { server } from "@/test/server";
import { transcriptPages } from "@/test/handlers/transcript";
import { analytics, headerOf, makeSession } from "@/features/results/test/fixtures";
import { guideLines } from "@/features/results/api/follow-up-interview";
import type { Session } from "@/lib/api-types";
import { SessionResultsPage } from "./session-results";

const followUp: NonNullable<Session["followUps"]>[number] = {
  id: "s9",
  name: "Follow-up: Sarah Chen (Snack Study)",
  status: "completed",
  createdAt: "2025-03-02T10:00:00Z",
  participantId: "p1",
  participantName: "Sarah Chen",
};

function renderResults(session: Session, created?: Response) {
  server.use(
    api.get("/api/sessions/{session_id}/header", () => HttpResponse.json(headerOf(session))),
    api.get("/api/sessions/{session_id}/analytics", () => HttpResponse.json(analytics)),
    transcriptPages(session.messages),
    api.post("/api/sessions/{session_id}/follow-up-interviews", () =>
      created
        ? created
        : HttpResponse.json(
            { ...session, id: "s10", kind: "interview", status: "in-progress" },
            { status: 201 },
          ),
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
  return calls;
}

describe("Follow-up interviews on a group's results", () => {
  it("offers to interview each participant of a completed group", async () => {
    renderResults(makeSession());
    const card = await screen.findByTestId("follow-ups-card");
    const buttons = within(card).getAllByRole("button");
    expect(buttons.map((b) => b.textContent)).toEqual([
      "Interview Sarah Chen",
      "Interview Marcus Johnson",
      "Interview Emily Rodriguez",
    ]);
    expect(within(card).getByText("No follow-up interviews yet.")).toBeInTheDocument();
  });

  it("is not offered on a group still running", async () => {
    renderResults(makeSession({ status: "in-progress", completedAt: null }));
    await screen.findByRole("heading", { name: "Snack Study" });
    expect(screen.queryByTestId("follow-ups-card")).toBeNull();
  });

  it("lists the group's follow-up interviews, linked to their results", async () => {
    renderResults(makeSession({ source: "human", followUps: [followUp] }));
    const card = await screen.findByTestId("follow-ups-card");
    expect(within(card).queryByRole("button")).toBeNull(); // a human group: no new ones
    const link = within(card).getByRole("link", { name: followUp.name });
    expect(link).toHaveAttribute("href", "/session/s9/results");
  });

  it(
    "creates the interview from the dialog and opens its live view",
    { timeout: 15_000 },
    async () => {
      const user = userEvent.setup();
      const calls = renderResults(makeSession());
      await user.click(await screen.findByRole("button", { name: "Interview Sarah Chen" }));
      const dialog = await screen.findByRole("dialog", { name: "Interview Sarah Chen" });
      const start = within(dialog).getByRole("button", { name: "Start the interview" });
      expect(start).toBeDisabled(); // no question yet
      await user.type(
        within(dialog).getByLabelText("Questions or topics (one per line)"),
        "Why did you change your mind after Marcus's point?{enter}{enter}What would you pay?",
      );
      await user.clear(within(dialog).getByLabelText("Follow-ups per question (0-5)"));
      await user.type(within(dialog).getByLabelText("Follow-ups per question (0-5)"), "3");
      await user.click(start);
      expect(await screen.findByText("live session page")).toBeInTheDocument();
      const call = calls.find((c) => c.url === "/api/sessions/s1/follow-up-interviews");
      expect(call?.body).toEqual({
        participantId: "p1",
        questions: ["Why did you change your mind after Marcus's point?", "What would you pay?"],
        interviewer: "ai",
        maxProbes: 3,
      });
    },
  );

  it("shows the server's refusal in the dialog", { timeout: 15_000 }, async () => {
    const user = userEvent.setup();
    const refusal = HttpResponse.json(
      {
        error: "Participant 'p1' did not take part in this focus group",
        errors: ["Participant 'p1' did not take part in this focus group"],
        code: "validation_failed",
      },
      { status: 422 },
    );
    renderResults(makeSession(), refusal);
    await user.click(await screen.findByRole("button", { name: "Interview Sarah Chen" }));
    const dialog = await screen.findByRole("dialog");
    await user.click(within(dialog).getByRole("radio", { name: /Scripted/ }));
    expect(within(dialog).queryByLabelText("Follow-ups per question (0-5)")).toBeNull();
    await user.type(within(dialog).getByLabelText("Questions or topics (one per line)"), "Why?");
    await user.click(within(dialog).getByRole("button", { name: "Start the interview" }));
    expect(await within(dialog).findByRole("alert")).toHaveTextContent(
      "Participant 'p1' did not take part in this focus group",
    );
  });
});

describe("A follow-up interview's results", () => {
  it("link to the group it follows up", async () => {
    renderResults(
      makeSession({
        kind: "interview",
        participants: makeSession().participants.slice(0, 1),
        followUpOf: {
          sessionId: "s0",
          participantId: "p1",
          participantName: "Sarah Chen",
          groupName: "Snack panel",
          rememberedTurns: 9,
          leftOut: 0,
          shortened: 2,
        },
      }),
    );
    const link = await screen.findByRole("link", { name: "Snack panel" });
    expect(link).toHaveAttribute("href", "/session/s0/results");
    expect(screen.getByTestId("follow-up-of")).toHaveTextContent("Follow-up to Snack panel");
    expect(screen.queryByTestId("follow-ups-card")).toBeNull();
  });
});

describe("guideLines", () => {
  it("keeps one trimmed question per non-blank line", () => {
    expect(guideLines("  Why?\n\n  How much?  \n")).toEqual(["Why?", "How much?"]);
  });
});
