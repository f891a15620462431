import { HttpResponse } from "msw";
import type { SurveySummary } from "@/features/surveys/api/surveys";
import { api } from "./api";

/** A survey of the list; `overrides` name it and set its status. */
export function makeSurveySummary(overrides: Partial<SurveySummary> = {}): SurveySummary {
  return {
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
    ...overrides,
  };
}

/**
 * The surveys as the server pages them: name search (case-insensitive), status, the
 * newest/oldest/name orders, pages of the asked `limit` and the total. `list` is read on each
 * request, so a test that changes it (a delete) sees the change on the next fetch.
 */
export function surveyLibrary(list: () => readonly SurveySummary[]) {
  return [
    api.get("/api/surveys/page", ({ request }) => {
      const query = new URL(request.url).searchParams;
      const q = (query.get("q") ?? "").toLowerCase();
      const status = query.get("status");
      const sort = query.get("sort") ?? "newest";
      const kept = list()
        .filter((s) => s.name.toLowerCase().includes(q) && (!status || s.status === status))
        .sort((a, b) =>
          sort === "name"
            ? a.name.localeCompare(b.name)
            : sort === "oldest"
              ? a.createdAt.localeCompare(b.createdAt)
              : b.createdAt.localeCompare(a.createdAt),
        );
      const start = Number(query.get("cursor") ?? 0);
      const end = start + Number(query.get("limit") ?? 50);
      return HttpResponse.json({
        items: kept.slice(start, end),
        nextCursor: end < kept.length ? String(end) : null,
        total: kept.length,
      });
    }),
  ];
}
