import { useMemo } from "react";
import { Badge } from "@/components/ui/badge";
import { Card } from "@/components/ui/card";
import type { SessionHeader, SessionMessage } from "@/lib/api-types";
import { mindChanges, shiftLabel, stanceLabel, stanceSource } from "../utils/changed-minds";

/**
 * Who changed their mind. Per question and participant, the private answers before
 * and after the discussion side by side, with their stances. Nothing when the session has
 * no private answers.
 */
export function ChangedMinds({
  session,
  privateAnswers,
}: {
  session: SessionHeader;
  privateAnswers: SessionMessage[];
}) {
  const rows = useMemo(() => mindChanges(privateAnswers), [privateAnswers]);
  if (rows.length === 0) return null;
  const counted = rows.filter((r) => !r.inferred);
  const changed = counted.filter((r) => r.shift !== null && r.shift !== 0).length;
  const inferred = rows.reduce(
    (n, r) => n + (r.before.stanceInferred ? 1 : 0) + (r.after.stanceInferred ? 1 : 0),
    0,
  );
  const questions = [...new Set(rows.map((r) => r.questionIndex))];
  return (
    <section
      aria-labelledby="changed-minds-heading"
      className="mt-8 space-y-4"
      data-testid="changed-minds"
    >
      <div>
        <h2 id="changed-minds-heading" className="text-lg font-semibold">
          Changed their mind
        </h2>
        <p className="text-sm text-muted-foreground">
          Each participant answered privately before and after the discussion; nobody else saw these
          answers. {changed} of {counted.length} changed their stated stance (1 strongly disagree, 5
          strongly agree).
          {inferred > 0 && (
            <>
              {" "}
              {inferred} {inferred === 1 ? "stance was" : "stances were"} not stated but inferred
              from the wording, and not counted.
            </>
          )}
        </p>
      </div>
      {questions.map((q) => (
        <Card key={q} className="gap-3 p-5">
          <h3 className="font-medium">
            Question {q + 1}: {session.questions[q] ?? ""}
          </h3>
          <ul className="divide-y" aria-label={`Private answers to question ${q + 1}`}>
            {rows
              .filter((r) => r.questionIndex === q)
              .map((r) => (
                <li
                  key={`${q}-${r.participantIndex}`}
                  className="space-y-2 py-3"
                  data-testid="mind-change"
                >
                  <div className="flex flex-wrap items-center gap-2">
                    <span className="font-medium">{r.speaker}</span>
                    <Badge variant={r.shift ? "accent" : "secondary"}>
                      {shiftLabel(r.shift, r.inferred)}
                    </Badge>
                  </div>
                  <div className="grid gap-3 sm:grid-cols-2">
                    <div className="rounded-md bg-secondary px-3 py-2 text-sm">
                      <p className="text-xs font-medium text-muted-foreground">
                        Before · {stanceLabel(r.before.stance)}
                        {r.before.stanceInferred && ` · ${stanceSource(r.before)}`}
                      </p>
                      <p className="mt-1 whitespace-pre-wrap">{r.before.content}</p>
                    </div>
                    <div className="rounded-md bg-secondary px-3 py-2 text-sm">
                      <p className="text-xs font-medium text-muted-foreground">
                        After · {stanceLabel(r.after.stance)}
                        {r.after.stanceInferred && ` · ${stanceSource(r.after)}`}
                      </p>
                      <p className="mt-1 whitespace-pre-wrap">{r.after.content}</p>
                    </div>
                  </div>
                </li>
              ))}
          </ul>
        </Card>
      ))}
    </section>
  );
}
