import { mutationOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import type { Persona, PersonaInput } from "@/lib/api-types";
import { queryKeys } from "@/lib/query-keys";

export interface UpdatePersonaVariables {
  id: string;
  input: PersonaInput;
}

export function updatePersona({ id, input }: UpdatePersonaVariables): Promise<Persona> {
  return api.put<Persona>(`/personas/${encodeURIComponent(id)}`, input);
}

export const updatePersonaMutationOptions = () =>
  mutationOptions({ mutationKey: ["personas", "update"], mutationFn: updatePersona });

export function useUpdatePersona() {
  const queryClient = useQueryClient();
  return useMutation({
    ...updatePersonaMutationOptions(),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.personas }),
  });
}
