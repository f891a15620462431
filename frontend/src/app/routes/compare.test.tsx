import { screen, within } from "@testing-library/react";
import { HttpResponse } from "msw";
import { api } from "@/test/handlers/api";
import { renderRoutes } from "@/test/render";
import { server } from "@/test/server";
import { ComparePage } from "./compare";

function column(id: string, name: string, themes: { theme: string; frequency: number }[] | null) {
  return {
    id,
    name,
    status: "completed",
    createdAt: "2026-11-20T10:00:00Z",
    model: "fake-model via openai",
    participantCount: 3,
    responseCount: 6,
    averageSentiment: 0.25,
    sentimentBreakdown: { positive: 50, neutral: 25, negative: 25 },
    sentimentByQuestion: [
      {
        questionIndex: 0,
        question: "Price?",
        count: 4,
        average: 0.25,
        positive: 50,
        neutral: 25,
        negative: 25,
      },
      {
        questionIndex: 1,
        question: "Buy?",
        count: 0,
        average: 0,
        positive: 0,
        neutral: 0,
        negative: 0,
      },
    ],
    participation: [{ name: "Ann", responses: 2 }],
    topWords: [{ text: "price", count: 3 }],
    overallSentiment: themes ? "positive" : null,
    summary: null,
    themes,
  };
}

const routes = [{ path: "/compare", element: <ComparePage /> }];

describe("ComparePage", () => {
  it("shows the sessions side by side", async () => {
    const asked: string[] = [];
    server.use(
      api.get("/api/sessions/compare", ({ request }) => {
        asked.push(new URL(request.url).searchParams.get("ids") ?? "");
        return HttpResponse.json({
          sessions: [
            column("s1", "Alpha", [{ theme: "Value", frequency: 2 }]),
            column("s2", "Beta", null),
          ],
        });
      }),
    );
    renderRoutes(routes, "/compare?ids=s1,s2");
    const alpha = await screen.findByRole("region", { name: "Alpha" });
    const beta = screen.getByRole("region", { name: "Beta" });
    expect(within(alpha).getAllByTestId("compare-question")[0]).toHaveTextContent(
      "50% positive, 25% neutral, 25% negative (+0.25)",
    );
    expect(within(alpha).getAllByTestId("compare-question")[1]).toHaveTextContent("No answers");
    expect(within(alpha).getByText("Value")).toBeInTheDocument();
    expect(
      within(beta).getByText("AI insights have not been generated for this session."),
    ).toBeInTheDocument();
    expect(within(beta).getByText("Simulated by fake-model via openai")).toBeInTheDocument();
    expect(asked).toEqual(["s1,s2"]);
  });

  it("labels an interview and marks the group-only figures not applicable", async () => {
    server.use(
      api.get("/api/sessions/compare", () =>
        HttpResponse.json({
          sessions: [
            { ...column("s1", "Talk", null), kind: "interview", participantCount: 1 },
            {
              ...column("s2", "Talk (people)", null),
              kind: "interview",
              source: "human",
              participantCount: 1,
            },
          ],
        }),
      ),
    );
    renderRoutes(routes, "/compare?ids=s1,s2");
    const simulated = await screen.findByRole("region", { name: "Talk" });
    const people = screen.getByRole("region", { name: "Talk (people)" });
    expect(within(simulated).getByText(/Interview · 1 respondent · 6 answers/)).toBeInTheDocument();
    expect(within(simulated).getByTestId("participation-na")).toHaveTextContent(
      "Not applicable (one speaker): an interview has one respondent.",
    );
    expect(within(people).getByTestId("human-badge")).toHaveTextContent("Human interview");
  });

  it("shows the server's reason when the selection is refused", async () => {
    server.use(
      api.get("/api/sessions/compare", () =>
        HttpResponse.json(
          {
            error: "Select 2 to 4 sessions to compare",
            errors: ["Select 2 to 4 sessions to compare"],
            code: "validation_failed",
          },
          { status: 422 },
        ),
      ),
    );
    renderRoutes(routes, "/compare?ids=s1");
    expect(await screen.findByRole("alert")).toHaveTextContent("Select 2 to 4 sessions to compare");
  });
});
