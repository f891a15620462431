import { useEffect, useRef } from "react";
import { useNavigate } from "react-router";
import { toast } from "sonner";
import { paths } from "@/config/paths";
import type { Session } from "@/lib/api-types";

/** The comparison of a replay with the human group it replays, or null for a
 * session that is no replay. */
export function replayComparisonHref(session: Pick<Session, "id" | "replayOf">): string | null {
  const original = session.replayOf?.sessionId;
  return original ? paths.compare.getHref([original, session.id]) : null;
}

/** "Replay with grounded personas ... runs it, and opens the comparison with the human
 * original": when a replay completes while its live page is open, the comparison opens.
 * A replay that had already completed when the page opened stays on its transcript (the
 * page offers the comparison as its first action). Back returns to the transcript. */
export function useOpenComparisonWhenReplayCompletes(session: Session | undefined) {
  const navigate = useNavigate();
  const seen = useRef<{ id: string; completed: boolean } | null>(null);
  const id = session?.id;
  const completed = session?.status === "completed";
  const href = session ? replayComparisonHref(session) : null;
  useEffect(() => {
    if (id === undefined) return;
    const before = seen.current;
    seen.current = { id, completed };
    if (href && completed && before?.id === id && !before.completed) {
      toast.success("Replay completed: comparing it with the human original");
      void navigate(href);
    }
  }, [id, completed, href, navigate]);
}
