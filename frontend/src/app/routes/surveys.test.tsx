import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { HttpResponse } from "msw";
import { api } from "@/test/handlers/api";
import { makePersona, renderRoutes } from "@/test/render";
import { recordCalls } from "@/test/requests";
import { personaLibrary } from "@/test/handlers/personas";
import { server } from "@/test/server";
import { CreateSurveyPage, toCreateBody } from "./create-survey";
import { SurveyPage } from "./survey";
import { SurveysPage } from "./surveys";

const routes = [
  { path: "/surveys", element: <SurveysPage /> },
  { path: "/surveys/new", element: <CreateSurveyPage /> },
  { path: "/surveys/:id", element: <SurveyPage /> },
];

const survey = {
  id: "sv1",
  name: "Kettles",
  status: "completed",
  createdAt: "2026-01-01T00:00:00Z",
  completedAt: "2026-01-01T00:01:00Z",
  conceptCount: 2,
  questionCount: 1,
  respondentCount: 2,
  samples: 1,
  progress: { done: 4, total: 4, errors: 0 },
  concepts: [
    { id: "c1", type: "text", title: "Solar kettle", content: "x" },
    { id: "c2", type: "text", title: "Brick phone", content: "y" },
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
  respondents: [],
  askDirect: true,
  model: "openai/test",
  embedder: "wordllama l2_supercat 256d (offline)",
  error: null,
};
const cell = (conceptId: string, mean: number) => ({
  conceptId,
  questionId: "q1",
  n: 2,
  ssr: {
    n: 2,
    pmf: [0.1, 0.1, 0.2, 0.3, 0.3],
    mean,
    ci: [mean - 0.2, mean + 0.2],
    top2: 0.6,
    top2Ci: [0.5, 0.7],
  },
  direct: { n: 2, pmf: [0, 0, 0, 0, 1], mean: 5, ci: [5, 5] },
});
const results = {
  surveyId: "sv1",
  status: "completed",
  model: "openai/test",
  embedder: "wordllama l2_supercat 256d (offline)",
  offlineEmbedderWarning: "Answers were rated with the offline word-embedding model.",
  results: [cell("c1", 3.6), cell("c2", 2.2)],
  comparisons: [
    {
      questionId: "q1",
      conceptA: "c1",
      conceptB: "c2",
      difference: 1.4,
      ci: [1.1, 1.7],
      holds: true,
    },
  ],
  cuts: [],
  answers: [
    {
      respondentId: "p1",
      respondentName: "Sarah Chen",
      conceptId: "c1",
      questionId: "q1",
      sample: 0,
      text: "I love it.",
      pmf: null,
      expected: 3.6,
      direct: 5,
    },
  ],
};

test("results show means with intervals, the comparison, the embedder warning and answers", async () => {
  server.use(
    api.get("/api/surveys/scales", () => HttpResponse.json([])),
    api.get("/api/surveys/{survey_id}", () => HttpResponse.json(survey)),
    api.get("/api/surveys/{survey_id}/results", () => HttpResponse.json(results)),
  );
  renderRoutes(routes, "/surveys/sv1");
  expect(await screen.findByTestId("mean-c1-q1")).toHaveTextContent("3.60 [3.40, 3.80]");
  expect(screen.getByTestId("survey-embedder")).toHaveTextContent("wordllama");
  expect(screen.getByRole("note")).toHaveTextContent("offline word-embedding model");
  const comparison = screen.getByRole("table", { name: "Concept comparison: Would you buy it?" });
  expect(within(comparison).getByText("1.40 [1.10, 1.70]")).toBeInTheDocument();
  expect(within(comparison).getByText("Yes: the interval excludes 0")).toBeInTheDocument();
  expect(screen.getByText("I love it.")).toBeInTheDocument();
  expect(screen.getByRole("link", { name: "CSV" })).toHaveAttribute(
    "href",
    "/api/surveys/sv1/export.csv",
  );
});

test("the form posts concepts, scales, respondents and samples", async () => {
  server.use(
    ...personaLibrary(() => [makePersona(), makePersona({ id: "p2", name: "Tom" })]),
    api.get("/api/surveys/scales", () => HttpResponse.json([])),
    api.post("/api/surveys", () =>
      HttpResponse.json({ ...survey, status: "draft" }, { status: 201 }),
    ),
    api.get("/api/surveys/{survey_id}", () => HttpResponse.json({ ...survey, status: "draft" })),
  );
  const calls = recordCalls();
  const user = userEvent.setup();
  renderRoutes(routes, "/surveys/new");
  await user.type(screen.getByLabelText("Survey name"), "Kettles");
  await user.type(screen.getByLabelText("Concept 1 title"), "Solar kettle");
  await user.type(screen.getByLabelText("Concept 1 description"), "A kettle powered by sun");
  await user.click(await screen.findByRole("button", { name: /Tom/ }));
  await user.click(screen.getByRole("button", { name: "Create survey" }));
  expect(await screen.findByRole("heading", { name: "Kettles" })).toBeInTheDocument();
  const post = calls.find((c) => c.method === "POST" && c.url === "/api/surveys");
  expect(post?.body).toMatchObject({
    name: "Kettles",
    concepts: [{ type: "text", title: "Solar kettle", content: "A kettle powered by sun" }],
    questions: [{ scale: "purchase_intent" }],
    respondentIds: ["p2"],
    samples: 2,
    askDirect: false,
  });
});

test("custom scale anchors become one statement per line", () => {
  const body = toCreateBody(
    "n",
    [],
    [{ text: "q", scale: "custom", anchors: "No\n\n Yes " }],
    [],
    1,
    false,
  );
  expect(body.questions[0]).toEqual({ text: "q", scale: { anchors: ["No", "Yes"] } });
});

test("generating respondents asks in batches of 20 and selects them", async () => {
  const { batches } = await import("@/features/surveys/components/generate-respondents");
  expect(batches(45)).toEqual([20, 20, 5]);
  expect(batches(20)).toEqual([20]);
  let made = 0;
  const counts: number[] = [];
  server.use(
    ...personaLibrary(() => [makePersona()]),
    api.get("/api/surveys/scales", () => HttpResponse.json([])),
    api.post("/api/personas/generate", async ({ request }) => {
      const { count } = (await request.json()) as { count: number };
      counts.push(count);
      const personas = Array.from({ length: count }, () =>
        makePersona({ id: `g${made++}`, name: `Gen ${made}` }),
      );
      return HttpResponse.json({ personas }, { status: 201 });
    }),
  );
  const user = userEvent.setup();
  renderRoutes(routes, "/surveys/new");
  await user.click(await screen.findByText("Generate new respondents from a segment description"));
  await user.type(screen.getByLabelText("Segment"), "Budget-minded parents who cook");
  await user.clear(screen.getByLabelText("How many (1-100)"));
  await user.type(screen.getByLabelText("How many (1-100)"), "25");
  await user.click(screen.getByRole("button", { name: "Generate" }));
  expect(await screen.findByText(/25 of \d+ personas selected/)).toBeInTheDocument();
  expect(counts).toEqual([20, 5]);
});

test("a running survey shows its progress and Stop; a stopped one offers Retry", async () => {
  let state = { ...survey, status: "running", progress: { done: 1, total: 4, errors: 0 } };
  server.use(
    api.post("/api/surveys/{survey_id}/stop", () => {
      state = { ...state, status: "stopped" };
      return HttpResponse.json(state);
    }),
    api.post("/api/surveys/{survey_id}/run", () => {
      state = { ...state, status: "running" };
      return HttpResponse.json(state);
    }),
    api.get("/api/surveys/scales", () => HttpResponse.json([])),
    api.get("/api/surveys/page", () =>
      HttpResponse.json({ items: [], nextCursor: null, total: 0 }),
    ),
    api.get("/api/surveys/{survey_id}", () => HttpResponse.json(state)),
    api.get("/api/surveys/{survey_id}/results", () =>
      HttpResponse.json({ ...results, results: [], answers: [] }),
    ),
    api.get("/api/surveys/{survey_id}/human-results", () =>
      HttpResponse.json({
        surveyId: "sv1",
        fileName: null,
        uploadedAt: null,
        rows: 0,
        respondents: 0,
        cells: [],
      }),
    ),
  );
  const calls = recordCalls();
  const user = userEvent.setup();
  renderRoutes(routes, "/surveys/sv1");
  expect(await screen.findByTestId("survey-progress")).toHaveTextContent("1 of 4 answers");
  expect(screen.getByRole("progressbar", { name: "Survey progress" })).toHaveAttribute(
    "aria-valuenow",
    "25",
  );
  await user.click(screen.getByRole("button", { name: "Stop" }));
  await user.click(await screen.findByRole("button", { name: "Retry" }));
  expect(await screen.findByRole("button", { name: "Stop" })).toBeInTheDocument();
  const posts = calls.filter((c) => c.method === "POST").map((c) => c.url);
  expect(posts).toEqual(["/api/surveys/sv1/stop", "/api/surveys/sv1/run"]);
});
