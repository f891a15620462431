import { render, screen } from "@testing-library/react";
import { PeopleSection, ThemeMatchSection } from "./people-section";

const people = {
  turns: 4,
  wordsPerTurn: {
    median: 120,
    q1: 100,
    q3: 140,
    shortShare: 0.25,
    histogram: [
      { from: 0, to: 25, count: 1 },
      { from: 200, to: null, count: 3 },
    ],
  },
  moderatorShare: 0.1,
  attribution: { accuracy: 0.3, chance: 0.25, ratioToChance: 1.2 },
  consecutiveAgreement: 0.87,
  sentiment: { positive: 0.75, neutral: 0.25, negative: 0 },
};

test("a simulated session's figures with their gaps to people", () => {
  render(
    <PeopleSection
      people={people}
      gap={{
        medianWords: 71,
        shortShare: -0.09,
        moderatorShare: 0.08,
        attributionRatio: -0.57,
        consecutiveAgreement: 0.33,
        positiveShare: 0.4,
      }}
    />,
  );
  expect(screen.getByText("Words per turn (median)").nextSibling).toHaveTextContent(
    "120(+71.00 vs people)",
  );
  expect(screen.getByText("Turns under 25 words").nextSibling).toHaveTextContent(
    "25%(-9 pts vs people)",
  );
  expect(screen.getByText("200+")).toBeInTheDocument();
});

test("themes shared with people", () => {
  render(
    <ThemeMatchSection
      match={{
        recall: 0.5,
        precision: 1,
        threshold: 0.75,
        pairs: [{ human: "Price", simulated: "Cost", similarity: 0.81 }],
      }}
    />,
  );
  expect(screen.getByText(/Found 50% of the people's themes; 100% of its own/)).toBeInTheDocument();
  expect(screen.getByText("Cost ↔ Price (0.81)")).toBeInTheDocument();
});

test("the quartiles and every sentiment share have their gaps too", () => {
  render(
    <PeopleSection
      people={people}
      gap={{
        medianWords: 71,
        q1Words: 60,
        q3Words: -5,
        shortShare: -0.09,
        moderatorShare: 0.08,
        attributionRatio: -0.57,
        consecutiveAgreement: 0.33,
        positiveShare: 0.4,
        neutralShare: -0.15,
        negativeShare: -0.25,
      }}
    />,
  );
  expect(screen.getByText("Middle half").nextSibling).toHaveTextContent(
    "100–140(+60/-5 vs people)",
  );
  expect(screen.getByText("Neutral turns").nextSibling).toHaveTextContent("25%(-15 pts vs people)");
  expect(screen.getByText("Negative turns").nextSibling).toHaveTextContent("0%(-25 pts vs people)");
});

test("an interview's figures are the respondent's and the interviewer's", () => {
  render(
    <PeopleSection
      interview
      people={{
        ...people,
        attribution: { accuracy: null, chance: null, ratioToChance: null },
        consecutiveAgreement: null,
      }}
      gap={{
        medianWords: 1.5,
        shortShare: 0,
        moderatorShare: -0.071,
        attributionRatio: null,
        consecutiveAgreement: null,
        positiveShare: 0,
      }}
    />,
  );
  expect(screen.getByText("Respondent's words per turn (median)").nextSibling).toHaveTextContent(
    "120(+1.50 vs people)",
  );
  expect(screen.getByText("Interviewer's share of words").nextSibling).toHaveTextContent(
    "10%(-7 pts vs people)",
  );
  expect(screen.getByText("Speakers told apart (x chance)").nextSibling).toHaveTextContent(
    "Not applicable (one speaker)",
  );
  expect(screen.getByText("Agreement of consecutive turns").nextSibling).toHaveTextContent(
    "Not applicable (one speaker)",
  );
  expect(screen.queryByText("Moderator's share of words")).toBeNull();
});
