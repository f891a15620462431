import { mutationOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { client, unwrap } from "@/lib/api-client";
import type { GeneratePersonasRequest, GeneratePersonasResponse } from "@/lib/api-types";
import { queryKeys } from "@/lib/query-keys";

export function generatePersonas(
  request: GeneratePersonasRequest,
): Promise<GeneratePersonasResponse> {
  return unwrap(client.POST("/api/personas/generate", { body: request }));
}

export const generatePersonasMutationOptions = () =>
  mutationOptions({ mutationKey: ["personas", "generate"], mutationFn: generatePersonas });

export function useGeneratePersonas() {
  const queryClient = useQueryClient();
  return useMutation({
    ...generatePersonasMutationOptions(),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.personas }),
  });
}
