import { screen, within } from "@testing-library/react";
import { jsonResponse, mockFetch, renderRoutes } from "@/test/render";
import { SurveyPage } from "./survey";
import { tierCounts } from "@/features/surveys/components/survey-respondents";

const respondents = [
  {
    id: "p1",
    name: "Sarah Chen",
    age: 34,
    evidence: { tier: "grounded", documents: 2, words: 1200 },
  },
  {
    id: "p2",
    name: "Omar Haddad",
    age: 51,
    evidence: { tier: "described", documents: 0, words: 0 },
  },
  {
    id: "p3",
    name: "Ana Ruiz",
    age: null,
    evidence: { tier: "grounded", documents: 1, words: 40 },
  },
  { id: "p4", name: "Old Snapshot", age: 60, evidence: null },
] as const;

const survey = {
  id: "sv1",
  name: "Kettles",
  status: "draft",
  createdAt: "2026-01-01T00:00:00Z",
  completedAt: null,
  conceptCount: 1,
  questionCount: 1,
  respondentCount: 4,
  samples: 1,
  progress: { done: 0, total: 4, errors: 0 },
  concepts: [{ id: "c1", type: "text", title: "Solar kettle", content: "x" }],
  questions: [
    {
      id: "q1",
      text: "Would you buy it?",
      scale: "purchase_intent",
      scaleLabel: "Purchase intent",
      points: 5,
    },
  ],
  respondents,
  evidenceMix: "2 of 4 respondents are grounded in evidence",
  askDirect: false,
  model: "openai/test",
  embedder: "wordllama",
  error: null,
};

test("tier counts: most evidence first, tiers nobody has left out, old snapshots not counted", () => {
  expect(tierCounts([...respondents])).toBe("2 grounded, 1 described");
  expect(tierCounts([respondents[3]])).toBe("");
});

test("the survey page lists its respondents with their evidence tier", async () => {
  mockFetch((url) => {
    if (url === "/api/surveys/sv1") return jsonResponse(survey);
    if (url === "/api/surveys/scales") return jsonResponse([]);
    if (url.startsWith("/api/surveys/sv1/")) return jsonResponse({ detail: "Not found" }, 404);
    return undefined;
  });
  renderRoutes([{ path: "/surveys/:id", element: <SurveyPage /> }], "/surveys/sv1");
  const card = await screen.findByTestId("survey-respondents");
  expect(within(card).getByRole("heading", { name: "Respondents (4)" })).toBeInTheDocument();
  expect(card).toHaveTextContent("Evidence tiers: 2 grounded, 1 described");
  const items = within(within(card).getByRole("list", { name: "Respondents" })).getAllByTestId(
    "survey-respondent",
  );
  expect(items.map((li) => li.textContent)).toEqual([
    "SCSarah Chen · 34grounded (2 documents, 1,200 words)",
    "OHOmar Haddad · 51described",
    "ARAna Ruizgrounded (1 document, 40 words)",
    "OSOld Snapshot · 60", // initials of the avatar, name, age, tier
  ]);
  expect(within(items[3]).queryByTestId("evidence-tier")).not.toBeInTheDocument();
});

test("a survey without respondents shows no respondent list", async () => {
  mockFetch((url) => {
    if (url === "/api/surveys/sv1")
      return jsonResponse({ ...survey, respondents: [], respondentCount: 0 });
    if (url === "/api/surveys/scales") return jsonResponse([]);
    if (url.startsWith("/api/surveys/sv1/")) return jsonResponse({ detail: "Not found" }, 404);
    return undefined;
  });
  renderRoutes([{ path: "/surveys/:id", element: <SurveyPage /> }], "/surveys/sv1");
  expect(await screen.findByTestId("survey-progress")).toHaveTextContent("0 of 4 answers");
  expect(screen.queryByTestId("survey-respondents")).not.toBeInTheDocument();
});
