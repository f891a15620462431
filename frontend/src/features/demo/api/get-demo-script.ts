import { queryOptions, useQuery } from "@tanstack/react-query";
import { client, unwrap } from "@/lib/api-client";
import type { DemoScript } from "@/lib/api-types";

export const demoScriptQueryKey = ["demo-script"] as const;

/** The scripted demo (product-rules §2 'Demo session'): personas, questions, replies and waits. */
export function getDemoScript(signal?: AbortSignal): Promise<DemoScript> {
  return unwrap(client.GET("/api/demo-script", { signal }));
}

export const demoScriptQueryOptions = () =>
  queryOptions({
    queryKey: demoScriptQueryKey,
    queryFn: ({ signal }) => getDemoScript(signal),
    staleTime: Infinity,
  });

export function useDemoScript() {
  return useQuery(demoScriptQueryOptions());
}
