import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import type { Persona } from "@/lib/api-types";

export const personasQueryKey = ["personas"] as const;

export function getPersonas(signal?: AbortSignal): Promise<Persona[]> {
  return api.get<Persona[]>("/personas", signal);
}

export const personasQueryOptions = () =>
  queryOptions({
    queryKey: personasQueryKey,
    queryFn: ({ signal }) => getPersonas(signal),
  });

export function usePersonas() {
  return useQuery(personasQueryOptions());
}
