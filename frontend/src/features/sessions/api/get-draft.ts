import { queryOptions, useQuery } from "@tanstack/react-query";
import { client, unwrap } from "@/lib/api-client";
import type { DraftResponse } from "@/lib/api-types";
import { queryKeys } from "@/lib/query-keys";

/** The one optional draft of the create form; null when there is none. */
export async function getDraft(signal?: AbortSignal): Promise<DraftResponse["draft"]> {
  const body = await unwrap(client.GET("/api/draft", { signal }));
  return body?.draft ?? null;
}

export const draftQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.draft,
    queryFn: ({ signal }) => getDraft(signal),
    // Read once per visit of the form: the form itself is the live copy.
    staleTime: 0,
    gcTime: 0,
  });

export function useDraft() {
  return useQuery(draftQueryOptions());
}
