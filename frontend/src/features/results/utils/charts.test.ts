import { participationData, roundSentimentData } from "./charts";

describe("chart data", () => {
  it("orders and labels sentiment by question and round, 1-based", () => {
    const data = roundSentimentData([
      { questionIndex: 1, round: 0, count: 3, positive: 34, neutral: 33, negative: 33, average: 0 },
      { questionIndex: 0, round: 1, count: 1, positive: 100, neutral: 0, negative: 0, average: 1 },
      {
        questionIndex: 0,
        round: 0,
        count: 3,
        positive: 0,
        neutral: 67,
        negative: 33,
        average: -0.333,
      },
    ]);
    expect(data.map((d) => d.label)).toEqual(["Q1 R1", "Q1 R2", "Q2 R1"]);
    expect(data[1].title).toBe("Question 1, round 2 (1 answer)");
    expect(data[0]).toMatchObject({ positive: 0, neutral: 67, negative: 33 });
  });

  it("names every participation bar", () => {
    expect(
      participationData([
        { personaId: "p1", name: "Sarah Chen", responses: 6 },
        { personaId: null, name: null, responses: 1 },
      ]),
    ).toEqual([
      { name: "Sarah Chen", responses: 6 },
      { name: "Unknown", responses: 1 },
    ]);
  });
});
