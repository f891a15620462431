import { queryOptions, useInfiniteQuery, useQuery } from "@tanstack/react-query";
import { client, unwrap } from "@/lib/api-client";
import type { Persona, PersonaPage } from "@/lib/api-types";
import { queryKeys } from "@/lib/query-keys";

/** GET /api/personas: the persona library, one cache for every screen that shows it. */
export function getPersonas(signal?: AbortSignal): Promise<Persona[]> {
  return unwrap(client.GET("/api/personas", { signal }));
}

export const personasQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.personas,
    queryFn: ({ signal }) => getPersonas(signal),
  });

export function usePersonas() {
  return useQuery(personasQueryOptions());
}

/** Cards per page of the Persona Library; more load as the user scrolls. */
export const PERSONA_PAGE_SIZE = 48;

/** GET /api/personas/page: the library a page at a time, searched (name, case-insensitive)
 * and filtered by tag on the server. */
export function getPersonaPage(
  search: string,
  tag: string | null,
  cursor: string | null,
  signal?: AbortSignal,
): Promise<PersonaPage> {
  const q = search.trim();
  return unwrap(
    client.GET("/api/personas/page", {
      params: {
        query: {
          limit: PERSONA_PAGE_SIZE,
          ...(q ? { q } : {}),
          ...(tag ? { tag } : {}),
          ...(cursor ? { cursor } : {}),
        },
      },
      signal,
    }),
  ) as Promise<PersonaPage>;
}

export function usePersonaPages(search: string, tag: string | null) {
  return useInfiniteQuery({
    queryKey: [...queryKeys.personas, "page", search.trim(), tag] as const,
    queryFn: ({ pageParam, signal }) => getPersonaPage(search, tag, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor ?? null,
  });
}

/** Every tag used in the library (for the tag filter). */
export function usePersonaTags() {
  return useQuery({
    queryKey: [...queryKeys.personas, "tags"] as const,
    queryFn: ({ signal }) => unwrap(client.GET("/api/personas/tags", { signal })),
  });
}
