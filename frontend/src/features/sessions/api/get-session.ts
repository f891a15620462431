import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import type { Session } from "@/lib/api-types";
import { queryKeys } from "@/lib/query-keys";
import { mergeFetched } from "../utils/live-events";

export function getSession(id: string, signal?: AbortSignal): Promise<Session> {
  return api.get<Session>(`/sessions/${encodeURIComponent(id)}`, signal);
}

export const sessionQueryOptions = (id: string) =>
  queryOptions({
    queryKey: queryKeys.session(id),
    queryFn: ({ signal }) => getSession(id, signal),
    // Live events keep the cache current; a refetch must not drop what they added.
    structuralSharing: (previous, fresh) => mergeFetched(previous as Session | undefined, fresh as Session),
    staleTime: Infinity,
  });

export function useSession(id: string) {
  return useQuery(sessionQueryOptions(id));
}
