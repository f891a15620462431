import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import type { SessionComparison } from "@/lib/api-types";

/** `byModel` (issue 30): one column per model of each session. */
export function getComparison(ids: readonly string[], signal?: AbortSignal, byModel = false): Promise<SessionComparison> {
  const query = ids.map(encodeURIComponent).join(",");
  return api.get<SessionComparison>(`/sessions/compare?ids=${query}${byModel ? "&byModel=true" : ""}`, signal);
}

export const comparisonQueryOptions = (ids: readonly string[], byModel = false) =>
  queryOptions({
    queryKey: ["sessions", "compare", ...ids, ...(byModel ? ["byModel"] : [])],
    queryFn: ({ signal }) => getComparison(ids, signal, byModel),
    retry: false,
  });

export function useComparison(ids: readonly string[], byModel = false) {
  return useQuery(comparisonQueryOptions(ids, byModel));
}

/** The ids of a `?ids=a,b` query string, in order, blanks dropped. */
export function parseIds(value: string | null): string[] {
  return (value ?? "")
    .split(",")
    .map((id) => id.trim())
    .filter((id) => id !== "");
}
