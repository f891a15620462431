import { HttpResponse } from "msw";
import type { LibraryAudit, Persona } from "@/lib/api-types";
import { api } from "./api";

/**
 * The persona library as the server answers it: the whole list, its pages (name search and
 * tag, pages of `pageSize`), its tags and each persona by id. `list` is read on each request, so a test that
 * changes it (a delete) sees the change on the next fetch.
 */
export function personaLibrary(list: () => readonly Persona[], pageSize = 48) {
  return [
    api.get("/api/personas", () => HttpResponse.json(list())),
    api.get("/api/personas/tags", () =>
      HttpResponse.json([...new Set(list().flatMap((p) => p.tags ?? []))].sort()),
    ),
    api.get("/api/personas/page", ({ request }) => {
      const query = new URL(request.url).searchParams;
      const q = (query.get("q") ?? "").toLowerCase();
      const tag = query.get("tag")?.toLowerCase();
      const kept = list().filter(
        (p) =>
          p.name.toLowerCase().includes(q) &&
          (!tag || (p.tags ?? []).some((t) => t.toLowerCase() === tag)),
      );
      const start = Number(query.get("cursor") ?? 0);
      const end = start + pageSize;
      return HttpResponse.json({
        items: kept.slice(start, end),
        nextCursor: end < kept.length ? String(end) : null,
        total: kept.length,
        libraryTotal: list().length,
      });
    }),
    api.get("/api/personas/{persona_id}", ({ params }) => {
      const persona = list().find((p) => p.id === params.persona_id);
      return persona
        ? HttpResponse.json(persona)
        : HttpResponse.json({ error: "Persona not found" }, { status: 404 });
    }),
  ];
}

const NO_TRAIT_STAT = { r: null, mae: null, n: 0 };

/** The personality audit of a library that was never audited. */
export const UNAUDITED_LIBRARY: LibraryAudit = {
  traits: {
    openness: NO_TRAIT_STAT,
    conscientiousness: NO_TRAIT_STAT,
    extraversion: NO_TRAIT_STAT,
    agreeableness: NO_TRAIT_STAT,
    neuroticism: NO_TRAIT_STAT,
  },
  meanR: null,
  audited: 0,
  notEngaging: 0,
  anchors: [],
  audits: [],
  models: [],
  job: {
    running: false,
    total: 0,
    done: 0,
    failed: 0,
    errors: [],
    startedAt: null,
    finishedAt: null,
  },
};

/** An empty, unaudited library and no persona templates. */
export const personaHandlers = [
  ...personaLibrary(() => []),
  api.get("/api/personas/audit", () => HttpResponse.json(UNAUDITED_LIBRARY)),
  api.get("/api/persona-templates", () => HttpResponse.json([])),
];
