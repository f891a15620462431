import {
  BarChart3Icon,
  FlagIcon,
  GitCompareIcon,
  Loader2Icon,
  SaveIcon,
  SquareIcon,
} from "lucide-react";
import { useEffect, useRef } from "react";
import { Link, Navigate, useNavigate, useParams } from "react-router";
import { toast } from "sonner";
import { PageHeader } from "@/components/page-header";
import { QueryError } from "@/components/query-error";
import { Badge } from "@/components/ui/badge";
import { Button, buttonVariants } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { paths } from "@/config/paths";
import { ApiError, errorMessage } from "@/lib/api-client";
import type { Session } from "@/lib/api-types";
import { useScrollToTop } from "@/hooks/use-scroll-to-top";
import { useEndSession } from "@/features/sessions/api/end-session";
import { useSession } from "@/features/sessions/api/get-session";
import { useRunSession } from "@/features/sessions/api/run-session";
import { useSaveSession } from "@/features/sessions/api/save-session";
import { useStopSession } from "@/features/sessions/api/stop-session";
import {
  replayComparisonHref,
  useOpenComparisonWhenReplayCompletes,
} from "@/features/sessions/hooks/use-replay-comparison";
import { useSessionEvents } from "@/features/sessions/hooks/use-session-events";
import {
  type GenerationError,
  generationErrorToast,
} from "@/features/sessions/utils/generation-error";
import type { WritingAnswer } from "@/features/sessions/utils/live-events";
import { Conversation } from "@/features/sessions/components/conversation";
import { GenerationErrorBox } from "@/features/sessions/components/generation-error-box";
import { SessionParticipantsCard } from "@/features/sessions/components/session-participants-card";
import { BudgetRaise } from "@/components/usage/budget-raise";
import { isBudgetStop } from "@/components/usage/format";
import { SessionProgressCard } from "@/features/sessions/components/session-progress-card";
import { StimulusMaterials } from "@/features/sessions/components/stimulus-materials";
import { liveModels, liveUsage } from "@/features/sessions/utils/live-window";
import { useEarlierMessages } from "@/features/sessions/hooks/use-earlier-messages";
import { TakeOverPanel } from "@/features/sessions/components/take-over-panel";

function showErrorToast(sessionId: string, error: GenerationError) {
  const spec = generationErrorToast(error);
  const options = { id: `generation-error-${sessionId}`, description: spec.description };
  if (spec.variant === "info") toast(spec.title, options);
  else toast.error(spec.title, options);
}

function errorKey(error: GenerationError | null): string | null {
  return error ? `${error.status ?? ""}:${error.message}` : null;
}

/** The participant speaking now: the first answer being written, else the server's view. */
function speakingIndex(session: Session, writing: readonly WritingAnswer[]): number | null {
  if (!session.running) return null;
  if (writing.length > 0) return writing[0].moderator ? null : writing[0].participantIndex;
  const id = session.progress.speakingPersonaId;
  const index = id ? session.participants.findIndex((p) => p.id === id) : -1;
  return index === -1 ? null : index;
}

/** Answers being written, or the server's speaker when the page opened mid-answer. */
function visibleWriting(
  session: Session,
  writing: readonly WritingAnswer[],
): readonly WritingAnswer[] {
  if (!session.running || writing.length > 0) return session.running ? writing : [];
  const id = session.progress.speakingPersonaId;
  const index = id ? session.participants.findIndex((p) => p.id === id) : -1;
  if (index === -1) return [];
  return [
    {
      participantIndex: index,
      personaId: id,
      name: session.participants[index].name,
      questionIndex: session.progress.questionIndex,
      round: session.progress.round,
      text: "",
    },
  ];
}

/** Live session runner (product-rules §2 /session/{id}). */
export function LiveSessionPage() {
  const { id = "" } = useParams();
  useScrollToTop(id);
  const navigate = useNavigate();
  const session = useSession(id);
  const run = useRunSession();
  const stop = useStopSession();
  const save = useSaveSession();
  const end = useEndSession();
  const started = useRef<string | null>(null);

  const writing = useSessionEvents(id, session.isSuccess, {
    onDeleted: () => navigate(paths.dashboard.getHref(), { replace: true }),
  });

  const data = session.data;
  const earlier = useEarlierMessages(id, data?.earlier);
  useOpenComparisonWhenReplayCompletes(data);
  // Toast a generation error when it happens while the page is open (from a live event or a
  // refetch), not the one the session already had when the page opened.
  const seenError = useRef<{ id: string; key: string | null } | null>(null);
  const error = data?.error ?? null;
  const currentErrorKey = errorKey(error);
  const dataId = data?.id;
  // Runs again whenever `error` is a new object; only a new key toasts.
  useEffect(() => {
    if (dataId === undefined) return;
    const previous = seenError.current;
    seenError.current = { id: dataId, key: currentErrorKey };
    if (
      previous?.id === dataId &&
      currentErrorKey !== null &&
      currentErrorKey !== previous.key &&
      error
    ) {
      showErrorToast(dataId, error);
    }
  }, [dataId, currentErrorKey, error]);
  const runMutate = run.mutate;
  // Opening the page of a session that is not completed starts or resumes its run, once.
  useEffect(() => {
    if (!data || started.current === data.id) return;
    started.current = data.id;
    if (data.status === "completed") return;
    runMutate(data.id, {
      onError: (error) => {
        if (error instanceof ApiError && error.status === 409) return; // completed meanwhile
        toast.error(errorMessage(error, "Failed to start the session"));
      },
    });
  }, [data, runMutate]);

  if (session.isError && session.error instanceof ApiError && session.error.status === 404) {
    return <Navigate to={paths.dashboard.getHref()} replace />;
  }
  if (session.isError) {
    return (
      <>
        <PageHeader title="Live Session" />
        <QueryError
          title="Could not load the session"
          error={session.error}
          onRetry={() => void session.refetch()}
          retrying={session.isFetching}
        />
      </>
    );
  }
  if (!data) return <LiveSessionSkeleton />;

  const completed = data.status === "completed";
  const writingNow = visibleWriting(data, writing);
  const retry = () =>
    run.mutate(data.id, {
      onError: (error) => toast.error(errorMessage(error, "Failed to generate response")),
    });

  const comparison = replayComparisonHref(data);
  const actions = completed ? (
    <>
      {comparison && (
        <Link to={comparison} className={buttonVariants()}>
          <GitCompareIcon aria-hidden="true" />
          Compare with the human original
        </Link>
      )}
      <Link
        to={paths.sessionResults.getHref(data.id)}
        className={buttonVariants({ variant: comparison ? "outline" : "default" })}
      >
        <BarChart3Icon aria-hidden="true" />
        View Results
      </Link>
    </>
  ) : (
    <>
      <Button
        variant="outline"
        disabled={save.isPending}
        onClick={() =>
          save.mutate(data.id, {
            onSuccess: () => toast.success("Session saved"),
            onError: (error) => toast.error(errorMessage(error, "Failed to save session")),
          })
        }
      >
        {save.isPending ? (
          <Loader2Icon className="animate-spin" aria-hidden="true" />
        ) : (
          <SaveIcon aria-hidden="true" />
        )}
        Save
      </Button>
      <Button
        variant="outline"
        disabled={end.isPending}
        onClick={() =>
          end.mutate(data.id, {
            onSuccess: () => toast.success("Session ended"),
            onError: (error) => toast.error(errorMessage(error, "Failed to end session")),
          })
        }
      >
        <FlagIcon aria-hidden="true" />
        End Session
      </Button>
      <Button
        variant="destructive"
        disabled={!data.running || stop.isPending}
        onClick={() =>
          stop.mutate(data.id, {
            onError: (error) => toast.error(errorMessage(error, "Failed to stop")),
          })
        }
      >
        <SquareIcon className="fill-current" aria-hidden="true" />
        Stop
      </Button>
    </>
  );

  const statusBadge = completed ? (
    <>
      <Badge data-testid="session-status">Completed</Badge>
      {data.source === "human" && (
        <Badge
          variant="outline"
          data-testid="human-badge"
          title="A real focus group imported from a transcript"
        >
          Human group
        </Badge>
      )}
    </>
  ) : data.running ? (
    <Badge variant="accent" data-testid="session-status">
      <span className="size-1.5 animate-pulse rounded-full bg-current" aria-hidden="true" />
      Live
    </Badge>
  ) : (
    <Badge variant="secondary" data-testid="session-status">
      {data.error ? "Paused" : "In Progress"}
    </Badge>
  );

  return (
    <>
      <PageHeader
        title={data.name}
        description={
          data.description || (data.kind === "interview" ? "Live interview" : "Live focus group")
        }
        actions={actions}
      />
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
        <div className="min-w-0 space-y-6">
          <StimulusMaterials stimuli={data.stimuli} />
          <Conversation
            messages={data.messages}
            participants={data.participants}
            writing={writingNow}
            running={data.running}
            earlier={earlier}
            kind={data.kind}
            headerAside={statusBadge}
            footer={
              data.error && !completed ? (
                <>
                  <GenerationErrorBox
                    error={data.error}
                    retrying={run.isPending}
                    onRetry={retry}
                    onExit={() => navigate(paths.dashboard.getHref())}
                  />
                  {isBudgetStop(data.error.message) && (
                    <BudgetRaise kind="sessions" id={data.id} onRaised={retry} />
                  )}
                </>
              ) : undefined
            }
          />
        </div>
        <div className="space-y-6">
          {data.kind === "interview" && <TakeOverPanel session={data} />}
          <SessionProgressCard
            progress={data.progress}
            questions={data.questions}
            tokensUsed={data.tokensUsed}
            usage={liveUsage(data)}
            kind={data.kind}
          />
          <SessionParticipantsCard
            participants={data.participants}
            speakingIndex={speakingIndex(data, writingNow)}
            models={liveModels(data)}
          />
        </div>
      </div>
    </>
  );
}

function LiveSessionSkeleton() {
  return (
    <div aria-busy="true" aria-label="Loading the session">
      <div className="mb-8 space-y-2">
        <Skeleton className="h-8 w-72" />
        <Skeleton className="h-4 w-48" />
      </div>
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
        <Card className="gap-4 p-5">
          {[0, 1, 2, 3].map((i) => (
            <div key={i} className="flex gap-3">
              <Skeleton className="size-9 rounded-full" />
              <div className="flex-1 space-y-2">
                <Skeleton className="h-4 w-32" />
                <Skeleton className="h-12 w-full" />
              </div>
            </div>
          ))}
        </Card>
        <Card className="gap-3 p-5">
          <Skeleton className="h-5 w-24" />
          <Skeleton className="h-2 w-full" />
          <Skeleton className="h-4 w-40" />
        </Card>
      </div>
    </div>
  );
}
