import { queryOptions, useQuery } from "@tanstack/react-query";
import { client, unwrap } from "@/lib/api-client";
import type { SessionComparison } from "@/lib/api-types";

/** `byModel`: one column per model of each session. */
export function getComparison(
  ids: readonly string[],
  signal?: AbortSignal,
  byModel = false,
): Promise<SessionComparison> {
  // Each id encoded, the commas between them not: ?ids=a,b as the page's own URL writes it.
  const query = { ids: ids.map(encodeURIComponent).join(","), byModel: byModel || undefined };
  return unwrap(
    client.GET("/api/sessions/compare", {
      params: { query },
      querySerializer: { allowReserved: true },
      signal,
    }),
  );
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
