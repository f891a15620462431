import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { HttpResponse } from "msw";
import { api } from "@/test/handlers/api";
import { renderRoutes } from "@/test/render";
import { server } from "@/test/server";
import { SynthesisPage } from "./synthesis";

const quote = (respondent: string, messageId: string, text: string, stance = "for") => ({
  themeId: "T1",
  respondent,
  messageId,
  sessionId: respondent.split("/")[0],
  text,
  stance,
});

function synthesis(status: "running" | "completed", segmentBy: string | null) {
  return {
    id: "sy1",
    status,
    sessionIds: ["s1", "s2"],
    segmentBy,
    progress: { done: status === "running" ? 1 : 3, total: 3 },
    error: null,
    model: "fake-model",
    respondents: [
      {
        key: "s1/pa",
        sessionId: "s1",
        sessionName: "Group",
        personaId: "pa",
        name: "Ana",
        answers: 2,
      },
      {
        key: "s2/pb",
        sessionId: "s2",
        sessionName: "Interview",
        personaId: "pb",
        name: "Ben",
        answers: 1,
      },
    ],
    respondentCount: 2,
    quoteCount: 2,
    dropped: { "not in the answer it cites": 1 },
    createdAt: "2026-11-27T10:00:00Z",
    completedAt: null,
    themes:
      status === "running"
        ? []
        : [
            {
              themeId: "T1",
              id: "T1",
              label: "Recycled paper",
              description: "The material",
              respondents: ["s1/pa", "s2/pb"],
              count: 2,
              share: 1,
              shareLow: 0.34,
              shareHigh: 1,
              quotes: [
                quote("s1/pa", "m1", "the paper looks great"),
                quote("s2/pb", "m9", "feels flimsy", "against"),
              ],
            },
          ],
    contradictions:
      status === "running"
        ? []
        : [
            {
              themeId: "T1",
              for: ["s1/pa"],
              against: ["s2/pb"],
              pairs: [["s1/pa", "s2/pb"]],
              forQuote: quote("s1/pa", "m1", "the paper looks great"),
              againstQuote: quote("s2/pb", "m9", "feels flimsy", "against"),
            },
          ],
    segments: segmentBy
      ? {
          by: segmentBy,
          alpha: 0.05,
          alphaPerTest: 0.05,
          tests: 1,
          rows: [
            {
              themeId: "T1",
              segment: "high",
              count: 1,
              size: 1,
              share: 1,
              restCount: 1,
              restSize: 1,
              restShare: 1,
              p: null,
              verdict: "too small to decide",
            },
          ],
        }
      : null,
  };
}

const routes = [{ path: "/syntheses/:id", element: <SynthesisPage /> }];

describe("SynthesisPage", () => {
  it("shows progress, then themes with quotes linked to their messages", async () => {
    let calls = 0;
    server.use(
      api.get("/api/syntheses/{synthesis_id}", ({ request }) => {
        calls += 1;
        const by = new URL(request.url).searchParams.get("segmentBy");
        return HttpResponse.json(synthesis(calls === 1 ? "running" : "completed", by));
      }),
    );
    renderRoutes(routes, "/syntheses/sy1");
    expect(await screen.findByText(/1 of 3 steps done/)).toBeInTheDocument();
    const theme = await screen.findByRole("region", { name: "Themes" }, { timeout: 3000 });
    expect(within(theme).getByText("2 of 2 (100%)")).toBeInTheDocument();
    const link = within(theme).getByRole("link", { name: "“feels flimsy”" });
    expect(link).toHaveAttribute("href", "/session/s2/results?message=m9");
    expect(screen.getByTestId("synthesis-summary")).toHaveTextContent("1 quotes dropped");
    expect(screen.getByTestId("synthesis-contradiction")).toHaveTextContent(
      "Recycled paper: for Ana; against Ben",
    );
    expect(screen.getByRole("link", { name: "Quotes CSV" })).toHaveAttribute(
      "href",
      "/api/syntheses/sy1/quotes.csv",
    );
  });

  it("asks the server for the chosen segments", async () => {
    server.use(
      api.get("/api/syntheses/{synthesis_id}", ({ request }) => {
        const by = new URL(request.url).searchParams.get("segmentBy");
        return HttpResponse.json(synthesis("completed", by));
      }),
    );
    renderRoutes(routes, "/syntheses/sy1");
    await userEvent.selectOptions(await screen.findByLabelText("Segment by"), "openness");
    const segments = await screen.findByRole("region", { name: "Segments by openness" });
    expect(within(segments).getByText("too small to decide")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "PDF" })).toHaveAttribute(
      "href",
      "/api/syntheses/sy1/report.pdf?segmentBy=openness",
    );
  });
});
