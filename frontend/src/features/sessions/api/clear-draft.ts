import { mutationOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { client, noContent } from "@/lib/api-client";
import { queryKeys } from "@/lib/query-keys";

/** Clearing the draft writes it empty (product-rules §4). */
export function clearDraft(): Promise<void> {
  return noContent(client.DELETE("/api/draft"));
}

export const clearDraftMutationOptions = () =>
  mutationOptions({ mutationKey: ["draft", "clear"], mutationFn: clearDraft });

export function useClearDraft() {
  const queryClient = useQueryClient();
  return useMutation({
    ...clearDraftMutationOptions(),
    onSuccess: () => queryClient.setQueryData(queryKeys.draft, null),
  });
}
