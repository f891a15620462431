import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import type { SessionComparison } from "@/lib/api-types";

export function getComparison(ids: readonly string[], signal?: AbortSignal): Promise<SessionComparison> {
  const query = ids.map(encodeURIComponent).join(",");
  return api.get<SessionComparison>(`/sessions/compare?ids=${query}`, signal);
}

export const comparisonQueryOptions = (ids: readonly string[]) =>
  queryOptions({
    queryKey: ["sessions", "compare", ...ids],
    queryFn: ({ signal }) => getComparison(ids, signal),
    retry: false,
  });

export function useComparison(ids: readonly string[]) {
  return useQuery(comparisonQueryOptions(ids));
}

/** The ids of a `?ids=a,b` query string, in order, blanks dropped. */
export function parseIds(value: string | null): string[] {
  return (value ?? "")
    .split(",")
    .map((id) => id.trim())
    .filter((id) => id !== "");
}
