import { HandIcon, Loader2Icon, SendIcon, UndoIcon, UserRoundPenIcon } from "lucide-react";
import { useEffect, useId, useRef, useState } from "react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Label } from "@/components/ui/label";
import { Textarea } from "@/components/ui/textarea";
import { errorMessage } from "@/lib/api-client";
import type { Session } from "@/lib/api-types";
import { useAskQuestion, useHandBack, useTakeOver } from "../api/take-over";
import { QUESTION_MAX_CHARS, questionProblem } from "../utils/take-over";

export interface TakeOverPanelProps {
  session: Pick<Session, "id" | "running" | "status" | "takenOver" | "typedQuestion">;
}

/**
 * Take over a running interview (docs/interviews.md): the interviewer pauses and the
 * researcher types the next question (Enter sends, Shift+Enter a new line, Escape clears
 * it); Hand back lets the interviewer go on.
 */
export function TakeOverPanel({ session }: TakeOverPanelProps) {
  const takeOver = useTakeOver();
  const ask = useAskQuestion();
  const handBack = useHandBack();
  const [text, setText] = useState("");
  const [error, setError] = useState<string | null>(null);
  const boxRef = useRef<HTMLTextAreaElement>(null);
  const boxId = useId();
  const hintId = useId();
  const taken = session.takenOver;
  const pending = session.typedQuestion ?? null;

  useEffect(() => {
    if (taken && pending === null) boxRef.current?.focus();
  }, [taken, pending]);

  if (session.status === "completed") return null;

  const fail = (fallback: string) => (e: unknown) => setError(errorMessage(e, fallback));
  const send = () => {
    const problem = questionProblem(text);
    if (problem) {
      setError(problem);
      return;
    }
    setError(null);
    ask.mutate(
      { id: session.id, text: text.trim() },
      { onSuccess: () => setText(""), onError: fail("Could not send the question") },
    );
  };

  return (
    <Card className="gap-3 p-5" role="region" aria-labelledby={`${boxId}-title`}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id={`${boxId}-title`} className="flex items-center gap-2 font-semibold">
          <UserRoundPenIcon className="size-4 text-primary" aria-hidden="true" />
          Take over
        </h2>
        {taken && (
          <Badge variant="accent" data-testid="taken-over">
            You are asking
          </Badge>
        )}
      </div>
      {!taken ? (
        <>
          <p className="text-sm text-muted-foreground">
            Type the next question yourself. The interviewer pauses until you hand back, then goes
            on from your exchange.
          </p>
          <div>
            <Button
              type="button"
              disabled={!session.running || takeOver.isPending}
              onClick={() => {
                setError(null);
                takeOver.mutate(session.id, { onError: fail("Could not take over") });
              }}
            >
              {takeOver.isPending ? (
                <Loader2Icon className="animate-spin" aria-hidden="true" />
              ) : (
                <HandIcon aria-hidden="true" />
              )}
              Take over
            </Button>
            {!session.running && (
              <p className="mt-2 text-xs text-muted-foreground">
                The interview is not running: resume it to take over.
              </p>
            )}
          </div>
        </>
      ) : (
        <form
          className="space-y-2"
          onSubmit={(e) => {
            e.preventDefault();
            send();
          }}
        >
          {pending !== null ? (
            <p className="rounded-md bg-secondary px-3 py-2 text-sm" data-testid="typed-pending">
              <span className="font-medium">Waiting to be asked:</span> {pending}
            </p>
          ) : (
            <>
              <Label htmlFor={boxId}>Your question</Label>
              <Textarea
                id={boxId}
                ref={boxRef}
                value={text}
                maxLength={QUESTION_MAX_CHARS}
                aria-describedby={hintId}
                aria-invalid={error !== null || undefined}
                className="min-h-20"
                placeholder="e.g. What did you do the last time that happened?"
                onChange={(e) => setText(e.target.value)}
                onKeyDown={(e) => {
                  if (e.key === "Enter" && !e.shiftKey && !e.nativeEvent.isComposing) {
                    e.preventDefault();
                    send();
                  } else if (e.key === "Escape") {
                    e.preventDefault();
                    setText("");
                    setError(null);
                  }
                }}
              />
              <p id={hintId} className="text-xs text-muted-foreground">
                Enter sends, Shift+Enter starts a new line, Escape clears.{" "}
                <span className="tabular-nums">
                  {text.trim().length}/{QUESTION_MAX_CHARS}
                </span>
              </p>
            </>
          )}
          <div className="flex flex-wrap gap-2">
            {pending === null && (
              <Button type="submit" disabled={ask.isPending || !session.running}>
                {ask.isPending ? (
                  <Loader2Icon className="animate-spin" aria-hidden="true" />
                ) : (
                  <SendIcon aria-hidden="true" />
                )}
                Ask
              </Button>
            )}
            <Button
              type="button"
              variant="outline"
              disabled={handBack.isPending}
              onClick={() => {
                setError(null);
                handBack.mutate(session.id, { onError: fail("Could not hand back") });
              }}
            >
              <UndoIcon aria-hidden="true" />
              Hand back
            </Button>
          </div>
        </form>
      )}
      {error && (
        <p role="alert" className="text-sm text-destructive" data-testid="take-over-error">
          {error}
        </p>
      )}
    </Card>
  );
}
