import { render, screen, within } from "@testing-library/react";
import type { Survey, SurveyResults } from "../api/surveys";
import { SurveyByModel } from "./survey-by-model";

const cell = (mean: number, n: number) => ({
  conceptId: "c1",
  questionId: "q1",
  n,
  ssr: {
    n,
    pmf: [0.2, 0.2, 0.2, 0.2, 0.2],
    mean,
    ci: [mean - 0.5, mean + 0.5],
    top2: 0.4,
    top2Ci: [0.3, 0.5],
  },
});

const survey = {
  concepts: [{ id: "c1", type: "text", title: "Solar kettle", content: "" }],
  questions: [
    {
      id: "q1",
      text: "Would you buy it?",
      scale: "purchase_intent",
      scaleLabel: "Purchase intent",
      points: 5,
    },
  ],
} as unknown as Survey;

const results = (byModel: SurveyResults["byModel"]) =>
  ({
    results: [cell(3, 3)],
    byModel,
    comparisons: [],
    cuts: [],
    answers: [],
  }) as unknown as SurveyResults;

describe("SurveyByModel", () => {
  it("shows each model's distribution and the blend", () => {
    render(
      <SurveyByModel
        survey={survey}
        results={results([
          { model: "alpha-model", answers: 2, results: [cell(2, 2)] },
          { model: "beta-model", answers: 1, results: [cell(5, 1)] },
        ])}
      />,
    );
    const rows = screen.getAllByTestId("by-model-row");
    expect(rows.map((r) => within(r).getAllByRole("cell")[0].textContent)).toEqual([
      "alpha-model",
      "beta-model",
      "Blend (all models)",
    ]);
    expect(rows[0]).toHaveTextContent("2.00 [1.50, 2.50]");
    expect(rows[2]).toHaveTextContent("3");
  });

  it("is hidden when one model answered", () => {
    render(<SurveyByModel survey={survey} results={results([])} />);
    expect(screen.queryByTestId("survey-by-model")).toBeNull();
  });
});
