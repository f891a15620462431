import { queryOptions, useQuery } from "@tanstack/react-query";
import { client, unwrap } from "@/lib/api-client";
import type { PersonaTemplate } from "@/lib/api-types";

export function getPersonaTemplates(signal?: AbortSignal): Promise<PersonaTemplate[]> {
  return unwrap(client.GET("/api/persona-templates", { signal }));
}

export const personaTemplatesQueryOptions = () =>
  queryOptions({
    queryKey: ["persona-templates"],
    queryFn: ({ signal }) => getPersonaTemplates(signal),
    staleTime: Infinity,
  });

export function usePersonaTemplates(enabled = true) {
  return useQuery({ ...personaTemplatesQueryOptions(), enabled });
}
