import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import type { PersonaTemplate } from "@/lib/api-types";

export function getPersonaTemplates(signal?: AbortSignal): Promise<PersonaTemplate[]> {
  return api.get<PersonaTemplate[]>("/persona-templates", signal);
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
