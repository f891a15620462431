import { queryOptions, useQuery } from "@tanstack/react-query";
import { client, unwrap } from "@/lib/api-client";
import type { Persona } from "@/lib/api-types";
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
