import { mutationOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import type { GeneratePersonasRequest, GeneratePersonasResponse } from "@/lib/api-types";
import { queryKeys } from "@/lib/query-keys";

export function generatePersonas(request: GeneratePersonasRequest): Promise<GeneratePersonasResponse> {
  return api.post<GeneratePersonasResponse>("/personas/generate", request);
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
