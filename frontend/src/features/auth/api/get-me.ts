import { queryOptions, useQuery } from "@tanstack/react-query";
import { client, unwrap } from "@/lib/api-client";
import type { components } from "@/lib/api-schema";

/** GET /api/auth/me: whether accounts exist, and the signed-in account if any. */
export type Me = components["schemas"]["MeOut"];

export function getMe(signal?: AbortSignal): Promise<Me> {
  return unwrap(client.GET("/api/auth/me", { signal }));
}

export const meQueryOptions = () =>
  queryOptions({ queryKey: ["auth", "me"], queryFn: ({ signal }) => getMe(signal) });

export function useMe() {
  return useQuery(meQueryOptions());
}
