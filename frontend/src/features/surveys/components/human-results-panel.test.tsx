import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { HttpResponse } from "msw";
import { api } from "@/test/handlers/api";
import { renderRoutes } from "@/test/render";
import { server } from "@/test/server";
import {
  differenceWords,
  verdictWords,
  type HumanCell,
  type HumanResults,
} from "../api/human-results";
import type { Survey } from "../api/surveys";
import { HumanResultsPanel } from "./human-results-panel";

const survey = {
  id: "sv1",
  concepts: [
    { id: "c1", type: "text", title: "Oat bar", content: "x" },
    { id: "c2", type: "text", title: "Rice crackers", content: "y" },
  ],
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

const score = (
  rater: "simulated" | "uniform" | "majority",
  ks: number,
  mean: number,
  diff: number,
  ci: number[],
  extra = {},
) => ({
  rater,
  pmf: [0.2, 0.2, 0.2, 0.2, 0.2],
  mean,
  ksSimilarity: ks,
  meanDifference: diff,
  ci,
  holds: ci[0] > 0 || ci[1] < 0,
  ...extra,
});

const simulatedCell: HumanCell = {
  conceptId: "c1",
  questionId: "q1",
  points: 5,
  human: { n: 12, pmf: [0.08, 0.08, 0.17, 0.5, 0.17], mean: 3.58, sd: 1.1 },
  scores: [
    score("simulated", 0.93, 3.67, 0.08, [-0.5, 0.6], { n: 3 }),
    score("uniform", 0.9, 3, -0.58, [-1.2, -0.1]),
    score("majority", 0.67, 4, 0.42, [-0.1, 1.0], { point: 4 }),
  ],
  beats: { uniform: { ks: true, mean: true }, majority: { ks: true, mean: true } },
};
const floorsOnly: HumanCell = {
  ...simulatedCell,
  conceptId: "c2",
  scores: simulatedCell.scores.slice(1),
  beats: null,
};
const uploaded: HumanResults = {
  surveyId: "sv1",
  fileName: "panel.csv",
  uploadedAt: "2026-11-26T08:00:00Z",
  rows: 24,
  respondents: 12,
  cells: [simulatedCell, floorsOnly],
};
const empty: HumanResults = {
  surveyId: "sv1",
  fileName: null,
  uploadedAt: null,
  rows: 0,
  respondents: 0,
  cells: [],
};

const routes = [
  {
    path: "/surveys/sv1",
    element: (
      <HumanResultsPanel survey={survey} answered={6} anchorsOf={() => ["1", "2", "3", "4", "5"]} />
    ),
  },
];

test("uploads people's ratings and shows both distributions, the scores and the floors", async () => {
  let stored = empty;
  let sent: FormData | undefined;
  server.use(
    api.post("/api/surveys/{survey_id}/human-results", async ({ request }) => {
      sent = await request.formData();
      stored = uploaded;
      return HttpResponse.json(uploaded);
    }),
    api.get("/api/surveys/{survey_id}/human-results", () => HttpResponse.json(stored)),
  );
  renderRoutes(routes, "/surveys/sv1");
  expect(await screen.findByText("No people's ratings uploaded yet.")).toBeInTheDocument();
  const button = screen.getByRole("button", { name: "Upload" });
  expect(button).toBeDisabled();
  await userEvent.upload(
    screen.getByLabelText("People's ratings (CSV)"),
    new File(["concept,question,rating\n"], "panel.csv"),
  );
  await userEvent.click(button);
  expect(await screen.findByTestId("human-results-summary")).toHaveTextContent(
    "24 ratings by 12 people, from panel.csv.",
  );
  expect((sent?.get("file") as File).name).toBe("panel.csv");
  const bar = screen.getByTestId("people-c1-q1");
  expect(
    within(bar).getByRole("heading", { name: "Oat bar: Would you buy it?" }),
  ).toBeInTheDocument();
  const chart = await within(bar).findByTestId("pmf-chart", {}, { timeout: 5000 });
  expect(chart).toHaveTextContent("People: 1 8%, 2 8%, 3 17%, 4 50%, 5 17%; Simulated: 1 20%");
  const table = within(bar).getByRole("table", {
    name: "Against people: Oat bar: Would you buy it?",
  });
  const rows = within(table).getAllByRole("row");
  expect(rows.slice(1).map((r) => r.textContent)).toEqual([
    "Simulated respondents0.933.67+0.08 [-0.50, 0.60]",
    "Floor: random answers0.903.00-0.58 [-1.20, -0.10]",
    "Floor: always 40.674.00+0.42 [-0.10, 1.00]",
  ]);
  expect(within(bar).getByTestId("people-verdict")).toHaveTextContent(
    "12 people, mean 3.58. The simulation beats both trivial floors on the distribution and on the mean. Simulated respondents (3) are within 0.08 points",
  );
  const crackers = screen.getByTestId("people-c2-q1");
  expect(within(crackers).getByTestId("people-verdict")).toHaveTextContent(
    "No simulated answers for this concept and question yet",
  );
  expect(screen.getByRole("button", { name: "Replace people's ratings" })).toBeInTheDocument();
});

test("a refused file lists the rows with problems and keeps the earlier ratings", async () => {
  server.use(
    api.post("/api/surveys/{survey_id}/human-results", () =>
      HttpResponse.json(
        {
          error: "x",
          errors: [
            "Row 3: the rating 7 is outside the question's scale (1 to 5).",
            'Row 9: no concept "Cheese puffs" in this survey.',
          ],
        },
        { status: 422 },
      ),
    ),
    api.get("/api/surveys/{survey_id}/human-results", () => HttpResponse.json(uploaded)),
  );
  renderRoutes(routes, "/surveys/sv1");
  await screen.findByTestId("human-results-summary");
  await userEvent.upload(
    screen.getByLabelText("People's ratings (CSV)"),
    new File(["x"], "bad.csv"),
  );
  await userEvent.click(screen.getByRole("button", { name: "Replace people's ratings" }));
  const alert = await screen.findByRole("alert");
  expect(alert).toHaveTextContent("The file was not saved; the earlier ratings are kept.");
  expect(
    within(alert)
      .getAllByRole("listitem")
      .map((li) => li.textContent),
  ).toEqual([
    "Row 3: the rating 7 is outside the question's scale (1 to 5).",
    'Row 9: no concept "Cheese puffs" in this survey.',
  ]);
});

test("removing the ratings asks the server and shows the empty state", async () => {
  let stored = uploaded;
  server.use(
    api.delete("/api/surveys/{survey_id}/human-results", () => {
      stored = empty;
      return new HttpResponse(null, { status: 204 });
    }),
    api.get("/api/surveys/{survey_id}/human-results", () => HttpResponse.json(stored)),
  );
  renderRoutes(routes, "/surveys/sv1");
  await userEvent.click(await screen.findByRole("button", { name: /Remove people's ratings/ }));
  expect(await screen.findByText("No people's ratings uploaded yet.")).toBeInTheDocument();
});

test("verdicts and differences in words", () => {
  const lose = {
    ...simulatedCell,
    beats: { uniform: { ks: false, mean: false }, majority: { ks: false, mean: false } },
  };
  expect(verdictWords(lose)).toMatch(/^The simulation beats neither trivial floor/);
  const mixed = {
    ...simulatedCell,
    beats: { uniform: { ks: false, mean: true }, majority: { ks: true, mean: true } },
  };
  expect(verdictWords(mixed)).toBe(
    "The simulation beats one floor of two on the distribution and beats both floors on the mean.",
  );
  expect(differenceWords(simulatedCell.scores[1])).toBe(
    "0.58 points lower than the people's mean (the interval excludes 0)",
  );
  expect(differenceWords(simulatedCell.scores[0])).toMatch(
    /^within 0.08 points .* no difference is shown$/,
  );
});
