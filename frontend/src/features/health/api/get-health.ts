import { queryOptions, useQuery } from "@tanstack/react-query";
import { client, unwrap } from "@/lib/api-client";
import type { Health } from "@/lib/api-types";

export function getHealth(signal?: AbortSignal): Promise<Health> {
  return unwrap(client.GET("/api/health", { signal }));
}

export const healthQueryOptions = () =>
  queryOptions({
    queryKey: ["health"],
    queryFn: ({ signal }) => getHealth(signal),
    staleTime: 5 * 60_000,
  });

export function useHealth() {
  return useQuery(healthQueryOptions());
}
