import { useQuery } from "@tanstack/react-query";
import { sessionQueryOptions } from "@/lib/session-query";

/** The session for the Results screen; refetched on every visit, since the live screen
 * may have cached it while it was still running. */
export function useSession(id: string) {
  return useQuery({ ...sessionQueryOptions(id), refetchOnMount: "always" });
}
