import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { HttpResponse } from "msw";
import { afterEach, expect, test, vi } from "vitest";
import type { SurveySummary } from "@/features/surveys/api/surveys";
import { api } from "@/test/handlers/api";
import { makeSurveySummary, surveyLibrary } from "@/test/handlers/surveys";
import { renderRoutes } from "@/test/render";
import { recordCalls } from "@/test/requests";
import { server } from "@/test/server";
import { SurveysPage } from "./surveys";

const routes = [{ path: "/surveys", element: <SurveysPage /> }];

/** n surveys, "Survey 01" the newest, each a minute older than the one before. */
function manySurveys(n: number): SurveySummary[] {
  return Array.from({ length: n }, (_, i) => {
    const label = String(i + 1).padStart(2, "0");
    const minute = String(59 - i).padStart(2, "0");
    return makeSurveySummary({
      id: `sv${label}`,
      name: `Survey ${label}`,
      createdAt: `2026-01-01T10:${minute}:00Z`,
    });
  });
}

const pageCalls = (calls: { method: string; url: string }[]) =>
  calls.filter((c) => c.method === "GET" && c.url.startsWith("/api/surveys/page"));

const rows = () => within(screen.getByRole("list", { name: "Surveys" })).getAllByRole("listitem");

afterEach(() => vi.restoreAllMocks());

test("the list shows the first 50 of 60 surveys, newest first, and the rest on Load more", async () => {
  server.use(...surveyLibrary(() => manySurveys(60)));
  const calls = recordCalls();
  const user = userEvent.setup();
  renderRoutes(routes, "/surveys");
  expect(await screen.findByText("Showing 50 of 60 surveys")).toBeInTheDocument();
  expect(rows()).toHaveLength(50);
  expect(within(rows()[0]!).getByRole("link")).toHaveTextContent("Survey 01");
  expect(pageCalls(calls).map((c) => c.url)).toEqual(["/api/surveys/page?limit=50&sort=newest"]);

  await user.click(screen.getByRole("button", { name: "Load more" }));
  expect(await screen.findByText("Showing 60 of 60 surveys")).toBeInTheDocument();
  expect(rows()).toHaveLength(60);
  expect(within(rows()[59]!).getByRole("link")).toHaveTextContent("Survey 60");
  expect(pageCalls(calls).at(-1)?.url).toBe("/api/surveys/page?limit=50&sort=newest&cursor=50");
  expect(screen.queryByRole("button", { name: "Load more" })).not.toBeInTheDocument();
});

test("a survey shows its size, progress and status as before", async () => {
  server.use(
    ...surveyLibrary(() => [
      makeSurveySummary({
        name: "Oat milk",
        status: "failed",
        conceptCount: 1,
        questionCount: 3,
        respondentCount: 25,
        samples: 2,
        progress: { done: 10, total: 150, errors: 1 },
      }),
    ]),
  );
  renderRoutes(routes, "/surveys");
  const row = (await screen.findAllByTestId("survey-row"))[0]!;
  expect(within(row).getByRole("link", { name: "Oat milk" })).toHaveAttribute(
    "href",
    "/surveys/sv1",
  );
  expect(row).toHaveTextContent("1 concept · 3 questions · 25 respondents · 2 samples each");
  // 10 / 150 = 6.67 %, shown rounded
  expect(row).toHaveTextContent("10/150 answers (7%)");
  expect(within(row).getByText("Needs retry")).toBeInTheDocument();
  expect(screen.getByText("Showing 1 of 1 survey")).toBeInTheDocument();
});

test("search asks the server once per pause; the status filter and order at once", async () => {
  const library = [
    makeSurveySummary({ id: "a", name: "Solar kettle", createdAt: "2026-01-03T00:00:00Z" }),
    makeSurveySummary({
      id: "b",
      name: "Kettle descaler",
      status: "draft",
      createdAt: "2026-01-02T00:00:00Z",
    }),
    makeSurveySummary({ id: "c", name: "Oat milk", createdAt: "2026-01-01T00:00:00Z" }),
  ];
  server.use(...surveyLibrary(() => library));
  const calls = recordCalls();
  const user = userEvent.setup();
  renderRoutes(routes, "/surveys");
  expect(await screen.findByText("Showing 3 of 3 surveys")).toBeInTheDocument();

  await user.type(screen.getByRole("searchbox", { name: "Search surveys" }), "KETTLE");
  expect(await screen.findByText("Showing 2 of 2 surveys")).toBeInTheDocument();
  const searches = pageCalls(calls).filter((c) => c.url.includes("q="));
  expect(searches.map((c) => c.url)).toEqual(["/api/surveys/page?limit=50&sort=newest&q=KETTLE"]);
  expect(rows().map((r) => within(r).getByRole("link").textContent)).toEqual([
    "Solar kettle",
    "Kettle descaler",
  ]);

  await user.click(screen.getByRole("combobox", { name: "Status filter" }));
  await user.click(await screen.findByRole("option", { name: "Draft" }));
  expect(await screen.findByText("Showing 1 of 1 survey")).toBeInTheDocument();
  expect(pageCalls(calls).at(-1)?.url).toBe(
    "/api/surveys/page?limit=50&sort=newest&q=KETTLE&status=draft",
  );

  await user.click(screen.getByRole("combobox", { name: "Status filter" }));
  await user.click(await screen.findByRole("option", { name: "All Status" }));
  await user.click(screen.getByRole("combobox", { name: "Sort order" }));
  await user.click(await screen.findByRole("option", { name: "Name (A-Z)" }));
  await waitFor(() =>
    expect(rows().map((r) => within(r).getByRole("link").textContent)).toEqual([
      "Kettle descaler",
      "Solar kettle",
    ]),
  );
  expect(pageCalls(calls).at(-1)?.url).toBe("/api/surveys/page?limit=50&sort=name&q=KETTLE");
});

test("no survey at all: the invitation to create one, without filters", async () => {
  server.use(...surveyLibrary(() => []));
  renderRoutes(routes, "/surveys");
  expect(await screen.findByText("No surveys yet")).toBeInTheDocument();
  expect(screen.getByRole("link", { name: "Create your first survey" })).toHaveAttribute(
    "href",
    "/surveys/new",
  );
  expect(screen.queryByRole("searchbox", { name: "Search surveys" })).not.toBeInTheDocument();
});

test("a search that matches nothing says so and Clear filters brings the list back", async () => {
  server.use(...surveyLibrary(() => manySurveys(3)));
  const user = userEvent.setup();
  renderRoutes(routes, "/surveys");
  await screen.findByText("Showing 3 of 3 surveys");
  await user.type(screen.getByRole("searchbox", { name: "Search surveys" }), "zebra");
  expect(await screen.findByText("No surveys match your filters.")).toBeInTheDocument();
  expect(screen.queryByText("No surveys yet")).not.toBeInTheDocument();
  await user.click(screen.getByRole("button", { name: "Clear filters" }));
  expect(await screen.findByText("Showing 3 of 3 surveys")).toBeInTheDocument();
  expect(screen.getByRole("searchbox", { name: "Search surveys" })).toHaveValue("");
});

test("Delete asks first; confirmed, the survey is deleted and the list read again", async () => {
  let library = manySurveys(2);
  const deleted: string[] = [];
  server.use(
    ...surveyLibrary(() => library),
    api.delete("/api/surveys/{survey_id}", ({ params }) => {
      deleted.push(params.survey_id);
      library = library.filter((s) => s.id !== params.survey_id);
      return new HttpResponse(null, { status: 204 });
    }),
  );
  const confirm = vi.spyOn(window, "confirm").mockReturnValueOnce(false);
  const user = userEvent.setup();
  renderRoutes(routes, "/surveys");
  await user.click(await screen.findByRole("button", { name: "Delete Survey 01" }));
  expect(confirm).toHaveBeenCalledWith('Delete the survey "Survey 01" and all its answers?');
  expect(deleted).toEqual([]);

  confirm.mockReturnValueOnce(true);
  await user.click(screen.getByRole("button", { name: "Delete Survey 01" }));
  expect(await screen.findByText("Showing 1 of 1 survey")).toBeInTheDocument();
  expect(deleted).toEqual(["sv01"]);
  expect(screen.queryByRole("link", { name: "Survey 01" })).not.toBeInTheDocument();
});

test("a failed delete says why and keeps the survey", async () => {
  server.use(
    ...surveyLibrary(() => manySurveys(1)),
    api.delete("/api/surveys/{survey_id}", () =>
      HttpResponse.json({ error: "Survey is running" }, { status: 409 }),
    ),
  );
  vi.spyOn(window, "confirm").mockReturnValue(true);
  const user = userEvent.setup();
  renderRoutes(routes, "/surveys");
  await user.click(await screen.findByRole("button", { name: "Delete Survey 01" }));
  expect(await screen.findByText("Survey is running")).toBeInTheDocument();
  expect(screen.getByRole("link", { name: "Survey 01" })).toBeInTheDocument();
});

test("a list that cannot be read offers Retry", async () => {
  let fail = true;
  server.use(
    api.get("/api/surveys/page", () =>
      fail
        ? HttpResponse.json({ error: "Database is locked" }, { status: 503 })
        : HttpResponse.json({ items: [makeSurveySummary()], nextCursor: null, total: 1 }),
    ),
  );
  const user = userEvent.setup();
  renderRoutes(routes, "/surveys");
  expect(await screen.findByText("Could not load surveys")).toBeInTheDocument();
  fail = false;
  await user.click(screen.getByRole("button", { name: /retry/i }));
  expect(await screen.findByRole("link", { name: "Kettles" })).toBeInTheDocument();
});
