import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import type { Session } from "@/lib/api-types";
import { queryKeys } from "@/lib/query-keys";

/** The app-wide key of one session, so the live screen and this one share the cache. */
export const sessionQueryKey = queryKeys.session;

export function getSession(id: string, signal?: AbortSignal): Promise<Session> {
  return api.get<Session>(`/sessions/${encodeURIComponent(id)}`, signal);
}

export const sessionQueryOptions = (id: string) =>
  queryOptions({
    queryKey: sessionQueryKey(id),
    queryFn: ({ signal }) => getSession(id, signal),
  });

/** The session for the Results screen; refetched on every visit, since the live screen
 * may have cached it while it was still running. */
export function useSession(id: string) {
  return useQuery({ ...sessionQueryOptions(id), refetchOnMount: "always" });
}
