import { mutationOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { client, noContent } from "@/lib/api-client";
import type { Persona } from "@/lib/api-types";
import { queryKeys } from "@/lib/query-keys";

export function deletePersona(id: string): Promise<void> {
  return noContent(
    client.DELETE("/api/personas/{persona_id}", { params: { path: { persona_id: id } } }),
  );
}

export const deletePersonaMutationOptions = () =>
  mutationOptions({ mutationKey: ["personas", "delete"], mutationFn: deletePersona });

export function useDeletePersona() {
  const queryClient = useQueryClient();
  return useMutation({
    ...deletePersonaMutationOptions(),
    // Remove the card at once; the refetch below reconciles with the server.
    onSuccess: (_data, id) =>
      queryClient.setQueryData<Persona[]>(queryKeys.personas, (old) =>
        old?.filter((p) => p.id !== id),
      ),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.personas }),
  });
}
