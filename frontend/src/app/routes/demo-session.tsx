import { AlertTriangleIcon, CheckCircle2Icon, ImageIcon, RotateCwIcon } from "lucide-react";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { useNavigate } from "react-router";
import { PageHeader } from "@/components/page-header";
import { QueryError } from "@/components/query-error";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { errorMessage } from "@/lib/api-client";
import type { DemoScript } from "@/lib/api-types";
import { DEMO_SESSION_ID, useCompleteDemo } from "@/features/demo/api/complete-demo";
import { useDemoScript } from "@/features/demo/api/get-demo-script";
import { useDemoPlayback } from "@/features/demo/hooks/use-demo-playback";
import { progressPercent, totalReplies } from "@/features/demo/utils/playback";
import { COMPLETION_DELAY_MS } from "@/features/demo/utils/schedule";
import { DemoChat } from "@/features/demo/components/demo-chat";
import {
  ParticipantsCard,
  ProgressCard,
  SpeedCard,
} from "@/features/demo/components/demo-side-panel";

export const DEMO_RESULTS_PATH = `/session/${DEMO_SESSION_ID}/results`;

function StimulusCard({ script }: { script: DemoScript }) {
  const { stimulus } = script;
  const [broken, setBroken] = useState(false);
  return (
    <Card className="overflow-hidden sm:flex-row" data-testid="demo-stimulus">
      {broken ? (
        <div className="flex aspect-[8/5] w-full flex-col items-center justify-center gap-2 bg-muted text-sm text-muted-foreground sm:w-72 sm:shrink-0">
          <ImageIcon className="size-6" aria-hidden="true" />
          Image unavailable
        </div>
      ) : (
        <img
          src={stimulus.content}
          alt={stimulus.description || stimulus.title}
          onError={() => setBroken(true)}
          className="aspect-[8/5] w-full bg-muted object-cover sm:w-72 sm:shrink-0"
        />
      )}
      <div className="flex flex-col justify-center gap-1.5 p-5">
        <Badge variant="secondary" className="w-fit">
          <ImageIcon aria-hidden="true" />
          Stimulus
        </Badge>
        <h2 className="font-semibold leading-tight">{stimulus.title}</h2>
        {stimulus.description && (
          <p className="text-sm text-muted-foreground">{stimulus.description}</p>
        )}
      </div>
    </Card>
  );
}

function DemoSession({ script }: { script: DemoScript }) {
  const navigate = useNavigate();
  const [speed, setSpeed] = useState(1);
  const state = useDemoPlayback(script, speed);
  const complete = useCompleteDemo();
  const completing = useRef(false);

  const indexById = useMemo(
    () => new Map(script.participants.map((p, i) => [p.id, i])),
    [script.participants],
  );
  const avatarIndex = useCallback(
    (id: string | null) => (id ? (indexById.get(id) ?? 0) : 0),
    [indexById],
  );

  const save = useCallback(() => complete.mutate(speed), [complete, speed]);

  // On completion store the session 'demo', then open its results after 1 second.
  useEffect(() => {
    if (!state.done || completing.current) return;
    completing.current = true;
    save();
  }, [state.done, save]);

  useEffect(() => {
    if (!complete.isSuccess) return;
    const timer = setTimeout(() => navigate(DEMO_RESULTS_PATH), COMPLETION_DELAY_MS);
    return () => clearTimeout(timer);
  }, [complete.isSuccess, navigate]);

  const questionCount = script.questions.length || script.script.length;
  const current = Math.max(0, state.questionIndex);
  const question = state.questionIndex >= 0 ? (script.script[current]?.question ?? "") : "";

  return (
    <>
      <PageHeader
        title={script.name}
        description={
          <span className="flex flex-wrap items-center gap-2">
            <Badge variant="accent">Demo</Badge>
            <span>{script.description}</span>
          </span>
        }
      />
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]">
        {/* On wide screens the stimulus and chat stay in view while the side panel scrolls. */}
        <div className="flex min-w-0 flex-col gap-6 lg:sticky lg:top-6 lg:h-[calc(100dvh-9rem)] lg:min-h-[36rem] lg:self-start">
          <StimulusCard script={script} />
          <DemoChat state={state} avatarIndex={avatarIndex} />
        </div>
        <aside className="space-y-6" aria-label="Session details">
          <div
            aria-live="polite"
            className="rounded-xl border bg-card px-4 py-3 text-sm font-medium shadow-xs"
          >
            {complete.isError ? (
              <div role="alert" className="space-y-2">
                <p className="flex items-center gap-2 text-destructive">
                  <AlertTriangleIcon className="size-4" aria-hidden="true" />
                  Could not save the demo session
                </p>
                <p className="font-normal text-muted-foreground">
                  {errorMessage(complete.error, "Please try again.")}
                </p>
                <Button size="sm" variant="outline" onClick={save} disabled={complete.isPending}>
                  <RotateCwIcon aria-hidden="true" />
                  Retry
                </Button>
              </div>
            ) : state.done ? (
              <p className="flex items-center gap-2 text-emerald-700">
                <CheckCircle2Icon className="size-4" aria-hidden="true" />
                Session complete. Opening results...
              </p>
            ) : (
              <p className="flex items-center gap-2">
                <span className="relative flex size-2.5" aria-hidden="true">
                  <span className="absolute inline-flex size-full animate-ping rounded-full bg-emerald-400 opacity-75" />
                  <span className="relative inline-flex size-2.5 rounded-full bg-emerald-500" />
                </span>
                Session in progress...
              </p>
            )}
          </div>
          <ProgressCard
            questionNumber={Math.min(current + 1, questionCount)}
            questionCount={questionCount}
            percent={progressPercent(state, totalReplies(script))}
            question={question}
          />
          <SpeedCard speed={speed} onChange={setSpeed} />
          <ParticipantsCard
            participants={script.participants}
            typingId={state.typing?.personaId ?? null}
          />
        </aside>
      </div>
    </>
  );
}

function DemoSkeleton() {
  return (
    <div aria-busy="true" aria-label="Loading demo session">
      <div className="mb-8 space-y-2">
        <Skeleton className="h-8 w-80" />
        <Skeleton className="h-4 w-[32rem] max-w-full" />
      </div>
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]">
        <div className="space-y-6">
          <Skeleton className="h-44 w-full rounded-xl" />
          <Skeleton className="h-[34rem] w-full rounded-xl" />
        </div>
        <div className="space-y-6">
          <Skeleton className="h-12 w-full rounded-xl" />
          <Skeleton className="h-40 w-full rounded-xl" />
          <Skeleton className="h-28 w-full rounded-xl" />
        </div>
      </div>
    </div>
  );
}

/** Scripted demo session (product-rules §2 /demo-session, §4 demo playback). */
export function DemoSessionPage() {
  const script = useDemoScript();
  if (script.isPending) return <DemoSkeleton />;
  if (script.isError) {
    return (
      <QueryError
        title="Could not load the demo session"
        error={script.error}
        onRetry={() => void script.refetch()}
        retrying={script.isFetching}
      />
    );
  }
  return <DemoSession script={script.data} />;
}
