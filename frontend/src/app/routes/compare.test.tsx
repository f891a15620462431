import { screen, within } from "@testing-library/react";
import { jsonResponse, mockFetch, renderRoutes } from "@/test/render";
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
    const fetch = mockFetch((url) =>
      url === "/api/sessions/compare?ids=s1,s2"
        ? jsonResponse({
            sessions: [
              column("s1", "Alpha", [{ theme: "Value", frequency: 2 }]),
              column("s2", "Beta", null),
            ],
          })
        : undefined,
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
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it("shows the server's reason when the selection is refused", async () => {
    mockFetch(() =>
      jsonResponse(
        {
          error: "Select 2 to 4 sessions to compare",
          errors: ["Select 2 to 4 sessions to compare"],
          code: "validation_failed",
        },
        422,
      ),
    );
    renderRoutes(routes, "/compare?ids=s1");
    expect(await screen.findByRole("alert")).toHaveTextContent("Select 2 to 4 sessions to compare");
  });
});
