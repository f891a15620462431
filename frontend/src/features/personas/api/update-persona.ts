import { mutationOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { client, unwrap } from "@/lib/api-client";
import type { Persona, PersonaInput } from "@/lib/api-types";
import { queryKeys } from "@/lib/query-keys";

export interface UpdatePersonaVariables {
  id: string;
  input: PersonaInput;
}

export function updatePersona({ id, input }: UpdatePersonaVariables): Promise<Persona> {
  return unwrap(
    client.PUT("/api/personas/{persona_id}", { params: { path: { persona_id: id } }, body: input }),
  );
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
