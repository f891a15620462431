import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useState } from "react";
import { toast } from "sonner";
import { errorMessage } from "@/lib/api-client";
import { queryKeys } from "@/lib/query-keys";
import { getNewestMessages } from "../api/get-session";
import { type EarlierMessages, type LiveSession, withEarlier } from "../utils/live-window";

/** The messages before the live screen's window, still on the server. */
export interface EarlierOnServer {
  count: number;
  loading: boolean;
  /** Reads the page before the held messages and puts it in front of them. */
  load: () => Promise<void>;
}

export function useEarlierMessages(
  id: string,
  earlier: EarlierMessages | undefined,
): EarlierOnServer | undefined {
  const queryClient = useQueryClient();
  const [loading, setLoading] = useState(false);
  const cursor = earlier?.cursor ?? null;
  const load = useCallback(async () => {
    if (cursor === null) return;
    setLoading(true);
    try {
      const page = await getNewestMessages(id, cursor);
      queryClient.setQueryData<LiveSession>(queryKeys.session(id), (s) =>
        s ? withEarlier(s, page.items, page.earlierCursor ?? null) : s,
      );
    } catch (error) {
      toast.error(errorMessage(error, "Could not load the earlier messages"));
    } finally {
      setLoading(false);
    }
  }, [cursor, id, queryClient]);
  if (!earlier || earlier.count === 0 || cursor === null) return undefined;
  return { count: earlier.count, loading, load };
}
