import { render, screen } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import type { Study } from "@/lib/api-types";
import { interviewsLine, StudyProgress } from "./study-progress";

const usage = { promptTokens: 0, completionTokens: 0, cachedTokens: 0, costUsd: 0 };

function study(): Study {
  return {
    id: "st1",
    name: "Pouch study",
    description: "",
    questions: ["What do you think?", "Would you buy it?"],
    settings: { moderator: "ai", maxProbes: 1, responseLength: "brief" },
    personaIds: ["p1", "p2", "p3"],
    status: "running",
    progress: {
      interviews: { done: 1, running: 1, waiting: 0, stopped: 0, failed: 1, missing: 0, total: 3 },
      answers: { done: 7, total: 12 },
      fraction: 0.5833,
    },
    interviews: [
      {
        sessionId: "s1",
        personaId: "p1",
        personaName: "Sarah Chen",
        state: "done",
        answers: 4,
        plannedAnswers: 4,
        usage,
      },
      {
        sessionId: "s2",
        personaId: "p2",
        personaName: "Marcus Johnson",
        state: "running",
        answers: 2,
        plannedAnswers: 4,
        usage,
      },
      {
        sessionId: "s3",
        personaId: "p3",
        personaName: "Emily Rodriguez",
        state: "failed",
        answers: 1,
        plannedAnswers: 4,
        error: "Model unavailable",
        usage,
      },
    ],
    usage,
    createdAt: "2026-11-28T09:00:00Z",
    updatedAt: "2026-11-28T09:00:00Z",
  };
}

describe("StudyProgress", () => {
  it("shows the overall bar and one row per interview with a link to its transcript", () => {
    render(
      <MemoryRouter>
        <StudyProgress study={study()} />
      </MemoryRouter>,
    );
    const bar = screen.getByRole("progressbar", { name: "Study progress" });
    expect(bar).toHaveAttribute("aria-valuenow", "7");
    expect(bar).toHaveAttribute("aria-valuemax", "12");
    expect(screen.getAllByTestId("study-interview")).toHaveLength(3);
    // A completed interview links to its results, a running one to its live view.
    expect(screen.getByRole("link", { name: "Transcript of Sarah Chen" })).toHaveAttribute(
      "href",
      "/session/s1/results",
    );
    expect(screen.getByRole("link", { name: "Transcript of Marcus Johnson" })).toHaveAttribute(
      "href",
      "/session/s2",
    );
    expect(screen.getByText("Model unavailable")).toBeInTheDocument();
    expect(
      screen.getByText(/1 of 3 interviews completed · 1 running · 1 failed/),
    ).toBeInTheDocument();
  });

  it("says every count it has", () => {
    const s = study();
    s.progress.interviews = {
      done: 0,
      running: 0,
      waiting: 2,
      stopped: 1,
      failed: 0,
      missing: 0,
      total: 3,
    };
    expect(interviewsLine(s)).toBe("0 of 3 interviews completed · 2 waiting · 1 stopped");
  });
});
