import { MicIcon } from "lucide-react";
import { lazy, Suspense, useState } from "react";
import { Link } from "react-router";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { paths } from "@/config/paths";
import type { SessionHeader } from "@/lib/api-types";

// The dialog's code loads when it is first opened.
const FollowUpDialog = lazy(() => import("./follow-up-dialog"));

const STATUS: Record<string, string> = {
  completed: "Completed",
  "in-progress": "In progress",
  draft: "Draft",
};

type FollowUp = NonNullable<SessionHeader["followUps"]>[number];

/** A follow-up interview's page: its results once completed, else its live view. */
export function followUpHref(f: Pick<FollowUp, "id" | "status">): string {
  return f.status === "completed"
    ? paths.sessionResults.getHref(f.id)
    : paths.session.getHref(f.id);
}

/** Whether a session's participants can be interviewed: a completed focus group run by
 * the model (docs/interviews.md "Follow-up interviews"). */
export function canFollowUp(session: SessionHeader): boolean {
  return (
    session.kind !== "interview" && session.source !== "human" && session.status === "completed"
  );
}

/** On a focus group's results: "Interview <participant>" for each participant, and the
 * follow-up interviews made from it. */
export function FollowUpsCard({ session }: { session: SessionHeader }) {
  const [chosen, setChosen] = useState<number | null>(null);
  const followUps = session.followUps ?? [];
  const open = canFollowUp(session);
  if (!open && followUps.length === 0) return null;
  const participant = chosen === null ? null : session.participants[chosen];
  const other = session.participants.find((_, i) => i !== chosen);
  return (
    <Card className="mt-4" data-testid="follow-ups-card">
      <CardHeader>
        <CardTitle className="text-base">Follow-up interviews</CardTitle>
        <CardDescription>
          Interview one participant about what they said here; they remember this group.
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-3">
        {open && (
          <div className="flex flex-wrap gap-2">
            {session.participants.map((p, i) => (
              <Button key={p.id} variant="outline" size="sm" onClick={() => setChosen(i)}>
                <MicIcon aria-hidden="true" />
                Interview {p.name}
              </Button>
            ))}
          </div>
        )}
        {followUps.length > 0 ? (
          <ul className="space-y-1 text-sm" aria-label="Follow-up interviews of this group">
            {followUps.map((f) => (
              <li key={f.id} className="flex flex-wrap items-center gap-2">
                <Link to={followUpHref(f)} className="font-medium hover:underline">
                  {f.name}
                </Link>
                <Badge variant={f.status === "completed" ? "accent" : "secondary"}>
                  {STATUS[f.status] ?? f.status}
                </Badge>
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-sm text-muted-foreground">No follow-up interviews yet.</p>
        )}
      </CardContent>
      {participant && (
        <Suspense fallback={null}>
          <FollowUpDialog
            groupId={session.id}
            participant={{ id: participant.id, name: participant.name }}
            otherName={other?.name}
            open
            onOpenChange={(next) => {
              if (!next) setChosen(null);
            }}
          />
        </Suspense>
      )}
    </Card>
  );
}

/** On a follow-up interview's results: the group it follows up. */
export function FollowUpOfLink({ session }: { session: SessionHeader }) {
  const link = session.followUpOf;
  if (!link) return null;
  return (
    <span data-testid="follow-up-of">
      Follow-up to{" "}
      <Link
        to={paths.sessionResults.getHref(link.sessionId)}
        className="font-medium text-foreground underline underline-offset-2 hover:text-primary"
      >
        {link.groupName || "the focus group"}
      </Link>
    </span>
  );
}
