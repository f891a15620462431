import { mutationOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { client, unwrap } from "@/lib/api-client";
import type { Persona, PersonaInput } from "@/lib/api-types";
import { queryKeys } from "@/lib/query-keys";

export function createPersona(input: PersonaInput): Promise<Persona> {
  return unwrap(client.POST("/api/personas", { body: input }));
}

export const createPersonaMutationOptions = () =>
  mutationOptions({ mutationKey: ["personas", "create"], mutationFn: createPersona });

export function useCreatePersona() {
  const queryClient = useQueryClient();
  return useMutation({
    ...createPersonaMutationOptions(),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.personas }),
  });
}
