import { GitCompareIcon } from "lucide-react";
import { Link } from "react-router";
import { paths } from "@/config/paths";
import { QueryError } from "@/components/query-error";
import { buttonVariants } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import type { SessionHeader } from "@/lib/api-types";
import { useReplaySimilarity } from "../api/grounded-group";

const fmt = (v: number | null | undefined) => (v == null ? "–" : v.toFixed(2));

/** A replay of a human group: each persona's words against its person's on the
 * same questions, and the way to the side-by-side comparison. Every figure says whether the
 * personas had seen these answers ("in-sample") or not ("held-out"): docs/evidence.md. */
export function ReplaySimilarityCard({ session }: { session: SessionHeader }) {
  const original = session.replayOf?.sessionId;
  const done = session.status === "completed";
  const sim = useReplaySimilarity(session.id, Boolean(original) && done);
  if (!original) return null;
  const label =
    sim.data?.label ?? session.replayOf?.label ?? "in-sample (the personas saw these answers)";
  const heldOut = sim.data?.heldOutQuestions ?? [];
  return (
    <Card className="mt-6" data-testid="replay-similarity">
      <CardHeader>
        <CardTitle>Replay of a human group</CardTitle>
        <CardDescription>
          How close each grounded persona came to what its person said on the same questions:
          embedding cosine and theme overlap (shared content words).{" "}
          {session.replayOf?.basis === "held-out"
            ? "Held-out: the personas were built from the group's other questions and never saw these answers."
            : "In-sample: the personas' evidence holds these very answers, so the similarity measures recall, not prediction."}
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-3">
        <Link
          to={paths.compare.getHref([original, session.id])}
          className={buttonVariants({ variant: "outline", size: "sm" })}
        >
          <GitCompareIcon aria-hidden="true" />
          Open the comparison with the human original
        </Link>
        {!done ? (
          <p className="text-sm text-muted-foreground">
            The similarity is shown when the replay has completed.
          </p>
        ) : sim.isLoading ? (
          <Skeleton className="h-24 w-full" />
        ) : sim.isError ? (
          <QueryError
            title="Could not compute the similarity"
            error={sim.error}
            onRetry={() => void sim.refetch()}
          />
        ) : (
          <>
            {heldOut.length > 0 && (
              <p className="text-sm" data-testid="held-out-questions">
                Held out from the personas&apos; evidence:{" "}
                {heldOut.map((q) => `Q${q.index + 1} “${q.text}”`).join("; ")}
              </p>
            )}
            <table className="w-full text-sm" aria-label="Similarity to the people">
              <thead>
                <tr className="border-b text-left text-xs text-muted-foreground">
                  <th className="py-1.5 font-medium">Person</th>
                  <th className="py-1.5 font-medium">Questions</th>
                  <th className="py-1.5 text-right font-medium">Cosine</th>
                  <th className="py-1.5 text-right font-medium">Theme overlap</th>
                  <th className="py-1.5 text-right font-medium">Basis</th>
                </tr>
              </thead>
              <tbody className="tabular-nums">
                {sim.data?.participants.map((p) => (
                  <tr key={p.personaId} className="border-b last:border-0">
                    <td className="py-1.5">{p.participant}</td>
                    <td className="py-1.5">{p.questions}</td>
                    <td className="py-1.5 text-right">{fmt(p.cosine)}</td>
                    <td className="py-1.5 text-right">{fmt(p.themeOverlap)}</td>
                    <td
                      className="py-1.5 text-right text-xs text-muted-foreground"
                      data-testid="similarity-basis"
                    >
                      {p.label}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
            <p className="text-xs text-muted-foreground">All figures: {label}.</p>
          </>
        )}
      </CardContent>
    </Card>
  );
}
