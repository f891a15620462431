import { AlertTriangleIcon, HeartPulseIcon, Loader2Icon } from "lucide-react";
import { useMemo } from "react";
import { QueryError } from "@/components/query-error";
import { Badge } from "@/components/ui/badge";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import type { HealthFinding, SessionHeader, SessionHealth, SessionMessage } from "@/lib/api-types";
import { useMessagesById } from "../api/get-messages-by-id";
import { cn } from "@/utils/cn";
import { useSessionHealth } from "@/features/results/api/get-session-health";
import {
  messageLabel,
  orderFindings,
  OVERALL_CLASSES,
  OVERALL_LABELS,
  OVERALL_TEXT,
  STATUS_CLASSES,
  findingStatusLabel,
} from "@/utils/session-health";

const NO_MESSAGES = new Map<string, SessionMessage>();

/** Links shown per finding before "and N more". */
export const MESSAGE_LINKS_SHOWN = 6;

export const NOT_COMPLETED_TEXT = "The health report is measured once the session has completed.";

interface FindingProps {
  finding: HealthFinding;
  messages: Map<string, SessionMessage>;
  onShowMessage: (id: string) => void;
}

function Finding({ finding, messages, onShowMessage }: FindingProps) {
  const headingId = `health-${finding.key}`;
  const shown = finding.messageIds.slice(0, MESSAGE_LINKS_SHOWN);
  const more = finding.messageIds.length - shown.length;
  return (
    <li
      className="rounded-lg border bg-card p-4"
      aria-labelledby={headingId}
      data-testid="health-finding"
    >
      <div className="flex flex-wrap items-center gap-2">
        <h3 id={headingId} className="font-semibold">
          {finding.title}
        </h3>
        <Badge
          className={STATUS_CLASSES[finding.status]}
          data-testid={`finding-status-${finding.key}`}
        >
          {findingStatusLabel(finding)}
        </Badge>
      </div>
      <p className="mt-1.5 text-sm leading-relaxed">{finding.summary}</p>
      {shown.length > 0 && (
        <div className="mt-2">
          <p className="text-xs text-muted-foreground">The messages behind this:</p>
          <ul className="mt-1 flex flex-wrap gap-x-3 gap-y-1 text-sm">
            {shown.map((id) => (
              <li key={id}>
                <button
                  type="button"
                  className="text-primary underline-offset-2 hover:underline focus-visible:underline"
                  onClick={() => onShowMessage(id)}
                  data-testid="health-message-link"
                >
                  {messageLabel(messages.get(id), id)}
                </button>
              </li>
            ))}
            {more > 0 && <li className="text-muted-foreground">and {more} more</li>}
          </ul>
        </div>
      )}
    </li>
  );
}

export function HealthReport({
  health,
  session,
  onShowMessage,
}: {
  health: SessionHealth;
  session: SessionHeader;
  onShowMessage: (id: string) => void;
}) {
  const findings = useMemo(() => orderFindings(health.findings), [health.findings]);
  // Only the messages the links name are read (a link is labelled by its message id until
  // they arrive).
  const linked = useMemo(
    () => findings.flatMap((f) => f.messageIds.slice(0, MESSAGE_LINKS_SHOWN)),
    [findings],
  );
  const named = useMessagesById(session.id, linked);
  const messages = named.data ?? NO_MESSAGES;
  return (
    <div className="grid gap-5">
      <Card data-testid="health-summary">
        <CardHeader>
          <div className="flex flex-wrap items-center gap-3">
            <CardTitle className="flex items-center gap-2">
              <HeartPulseIcon className="size-5 text-primary" aria-hidden="true" />
              Session health
            </CardTitle>
            <Badge
              className={cn("text-sm", OVERALL_CLASSES[health.overall])}
              data-testid="health-overall"
            >
              {OVERALL_LABELS[health.overall]}
            </Badge>
          </div>
          <CardDescription>{OVERALL_TEXT[health.overall]}</CardDescription>
        </CardHeader>
        <CardContent className="space-y-3">
          {health.warnings.length > 0 && (
            <ul className="space-y-2" aria-label="Warnings">
              {health.warnings.map((w, i) => (
                <li key={i} className="flex gap-2 text-sm">
                  <AlertTriangleIcon
                    className="mt-0.5 size-4 shrink-0 text-amber-700"
                    aria-hidden="true"
                  />
                  <span>{w}</span>
                </li>
              ))}
            </ul>
          )}
          <p className="text-xs text-muted-foreground">
            {health.answerCount} answers from {health.participantCount} participants, written by{" "}
            {health.writtenBy === "people"
              ? "people (an imported human group, judged by the same rules)"
              : health.model.name || health.model.provider || "an unknown model"}
            ; compared with {health.embedder}.
          </p>
          {health.evidenceMix && (
            <p className="text-xs text-muted-foreground" data-testid="health-evidence-mix">
              {health.evidenceMix}.
            </p>
          )}
        </CardContent>
      </Card>
      <section aria-label="Findings">
        <ul className="grid gap-3 lg:grid-cols-2">
          {findings.map((f) => (
            <Finding key={f.key} finding={f} messages={messages} onShowMessage={onShowMessage} />
          ))}
        </ul>
      </section>
    </div>
  );
}

/** The Health tab of the results screen: how far to trust this session, in plain words. */
export function HealthTab({
  session,
  onShowMessage,
}: {
  session: SessionHeader;
  onShowMessage: (id: string) => void;
}) {
  const completed = session.status === "completed";
  const health = useSessionHealth(session.id, { enabled: completed });
  if (!completed) {
    return (
      <Card className="p-6">
        <p className="text-muted-foreground">{NOT_COMPLETED_TEXT}</p>
      </Card>
    );
  }
  if (health.isPending) {
    return (
      <Card className="flex-row items-center gap-3 p-6" aria-busy="true">
        <Loader2Icon className="size-5 animate-spin text-muted-foreground" aria-hidden="true" />
        <p className="text-muted-foreground">Measuring the session's health...</p>
      </Card>
    );
  }
  if (health.isError) {
    return (
      <QueryError
        title="Could not measure the session's health"
        error={health.error}
        onRetry={() => void health.refetch()}
        retrying={health.isFetching}
      />
    );
  }
  return <HealthReport health={health.data} session={session} onShowMessage={onShowMessage} />;
}
