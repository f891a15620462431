import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { QueryError } from "@/components/query-error";
import { API_BASE } from "@/lib/api-client";
import { useSharedHealth, useSharedSession, useSharedTranscript } from "../api/shared-api";
import { SharedDownloads } from "./shared-downloads";

const HEALTH_LABELS = { good: "Good", fair: "Fair", poor: "Poor" } as const;

function Transcript({ token, id }: { token: string; id: string }) {
  const pages = useSharedTranscript(token, id);
  if (pages.isPending)
    return (
      <p role="status" className="text-sm text-muted-foreground">
        Loading the transcript...
      </p>
    );
  if (pages.isError)
    return (
      <QueryError
        title="Could not load the transcript"
        error={pages.error}
        onRetry={() => void pages.refetch()}
        retrying={pages.isFetching}
      />
    );
  const messages = pages.data.pages.flatMap((page) => page.items);
  const total = pages.data.pages[0]?.total ?? 0;
  if (messages.length === 0)
    return <p className="text-sm text-muted-foreground">No messages yet.</p>;
  return (
    <>
      <ol className="flex flex-col gap-3" aria-label="Transcript">
        {messages.map((m) => (
          <li
            key={m.id}
            className={
              m.personaId
                ? "rounded-lg border bg-card p-3"
                : "rounded-lg border border-dashed bg-muted/40 p-3"
            }
          >
            <p className="text-sm font-semibold">{m.speaker}</p>
            <p className="whitespace-pre-wrap text-sm">{m.content}</p>
          </li>
        ))}
      </ol>
      <p className="text-xs text-muted-foreground">
        {messages.length} of {total} messages
      </p>
      {pages.hasNextPage && (
        <Button
          type="button"
          variant="outline"
          disabled={pages.isFetchingNextPage}
          onClick={() => void pages.fetchNextPage()}
        >
          {pages.isFetchingNextPage ? "Loading..." : "Load more"}
        </Button>
      )}
    </>
  );
}

function Health({ token, id }: { token: string; id: string }) {
  const health = useSharedHealth(token, id);
  if (!health.data) return null;
  return (
    <section aria-labelledby="shared-health" className="flex flex-col gap-1">
      <h2 id="shared-health" className="text-lg font-semibold">
        Health
      </h2>
      <p className="text-sm">
        <Badge variant="outline">{HEALTH_LABELS[health.data.overall]}</Badge>{" "}
        {health.data.answerCount} answers from {health.data.participantCount} participants.
      </p>
      {health.data.warnings.length > 0 && (
        <ul className="list-disc pl-5 text-sm text-muted-foreground">
          {health.data.warnings.map((w) => (
            <li key={w}>{w}</li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** A shared session: its insights, transcript, health and exports, read-only. */
export function SharedSession({ token, id }: { token: string; id: string }) {
  const session = useSharedSession(token, id);
  if (session.isPending)
    return (
      <p role="status" className="text-sm text-muted-foreground">
        Loading the session...
      </p>
    );
  if (session.isError)
    return (
      <QueryError
        title="Could not load the session"
        error={session.error}
        onRetry={() => void session.refetch()}
        retrying={session.isFetching}
      />
    );
  const s = session.data;
  const base = `${API_BASE}/sessions/${encodeURIComponent(id)}`;
  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-col gap-1">
        <h1 className="text-2xl font-semibold tracking-tight">{s.name}</h1>
        {s.description && <p className="text-muted-foreground">{s.description}</p>}
        <p className="text-sm text-muted-foreground">
          {s.participants.map((p) => p.name).join(", ")}
        </p>
      </div>
      {s.insights && (
        <section aria-labelledby="shared-insights" className="flex flex-col gap-2">
          <h2 id="shared-insights" className="text-lg font-semibold">
            AI insights
          </h2>
          <p className="text-sm">{s.insights.summary}</p>
          {s.insights.keyThemes.length > 0 && (
            <ul className="list-disc pl-5 text-sm">
              {s.insights.keyThemes.map((t) => (
                <li key={t.theme}>{t.theme}</li>
              ))}
            </ul>
          )}
        </section>
      )}
      <SharedDownloads
        token={token}
        exports={[
          { label: "CSV", url: `${base}/export.csv`, fileName: "session.csv" },
          { label: "JSON", url: `${base}/export.json`, fileName: "session.json" },
          { label: "Markdown", url: `${base}/export.md`, fileName: "session.md" },
          { label: "PDF report", url: `${base}/report.pdf`, fileName: "session.pdf" },
        ]}
      />
      <Health token={token} id={id} />
      <section aria-labelledby="shared-transcript" className="flex flex-col gap-3">
        <h2 id="shared-transcript" className="text-lg font-semibold">
          Transcript
        </h2>
        <Transcript token={token} id={id} />
      </section>
    </div>
  );
}
