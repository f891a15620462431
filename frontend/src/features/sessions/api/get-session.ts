import { queryOptions, useQuery } from "@tanstack/react-query";
import type { Session } from "@/lib/api-types";
import { sessionQueryOptions } from "@/lib/session-query";
import { mergeFetched } from "../utils/live-events";

export const liveSessionQueryOptions = (id: string) =>
  queryOptions({
    ...sessionQueryOptions(id),
    // Live events keep the cache current; a refetch must not drop what they added.
    structuralSharing: (previous, fresh) =>
      mergeFetched(previous as Session | undefined, fresh as Session),
    staleTime: Infinity,
  });

export function useSession(id: string) {
  return useQuery(liveSessionQueryOptions(id));
}
