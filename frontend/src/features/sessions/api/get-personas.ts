import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import type { Persona } from "@/lib/api-types";
import { queryKeys } from "@/lib/query-keys";

/** The persona library, for picking participants (same cache as the Persona Library). */
export function getPersonas(signal?: AbortSignal): Promise<Persona[]> {
  return api.get<Persona[]>("/personas", signal);
}

export const personasQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.personas,
    queryFn: ({ signal }) => getPersonas(signal),
  });

export function usePersonas() {
  return useQuery(personasQueryOptions());
}
