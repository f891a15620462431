import { keepPreviousData, useInfiniteQuery, useQuery } from "@tanstack/react-query";
import { ApiError, client, unwrap } from "@/lib/api-client";
import type { Persona, PersonaPage } from "@/lib/api-types";
import { queryKeys } from "@/lib/query-keys";

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

/** `keepPrevious`: the last search's pages stay shown while the next search loads (a picker,
 * whose selection must not blink away). */
export function usePersonaPages(search: string, tag: string | null, keepPrevious = false) {
  return useInfiniteQuery({
    queryKey: [...queryKeys.personas, "page", search.trim(), tag] as const,
    queryFn: ({ pageParam, signal }) => getPersonaPage(search, tag, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor ?? null,
    ...(keepPrevious ? { placeholderData: keepPreviousData } : {}),
  });
}

/** Every tag used in the library (for the tag filter). */
export function usePersonaTags() {
  return useQuery({
    queryKey: [...queryKeys.personas, "tags"] as const,
    queryFn: ({ signal }) => unwrap(client.GET("/api/personas/tags", { signal })),
  });
}

/** GET /api/personas/{id}; null for a persona no longer in the library (404). */
export async function getPersonaOrNull(id: string, signal?: AbortSignal): Promise<Persona | null> {
  try {
    return (await unwrap(
      client.GET("/api/personas/{persona_id}", { params: { path: { persona_id: id } }, signal }),
    )) as Persona;
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

/** The personas of `ids` still in the library, in that order (a restored draft's or a
 * guide's participants: a handful, each read by id). */
export async function resolvePersonas(ids: readonly string[]): Promise<Persona[]> {
  const found = await Promise.all(ids.map((id) => getPersonaOrNull(id)));
  return found.filter((p): p is Persona => p !== null);
}

export function useResolvedPersonas(ids: readonly string[], enabled: boolean) {
  return useQuery({
    queryKey: [...queryKeys.personas, "by-id", ...ids] as const,
    queryFn: () => resolvePersonas(ids),
    enabled,
  });
}
