import { MessagesSquareIcon } from "lucide-react";
import { useCallback, useEffect, useMemo, useState } from "react";
import { useSearchParams } from "react-router";
import { LoadMore } from "@/components/load-more";
import { QueryError } from "@/components/query-error";
import { SearchBox } from "@/components/search-box";
import { Card } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import {
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from "@/components/ui/select";
import type { SessionHeader, SessionMessage } from "@/lib/api-types";
import { useDebounced } from "@/hooks/use-debounced";
import { useTranscriptPages } from "../api/get-transcript-page";
import { ALL_MODELS, modelNames, onlyModel } from "../utils/models";
import { ALL_PARTICIPANTS } from "../utils/transcript";
import { ModelFilter } from "./model-filter";
import { MessageRow } from "./transcript-message";

export const NO_MESSAGES_TEXT = "No messages found";

/** Pages read at most to reach a message a health finding links to (?message=id). */
const JUMP_PAGES_MAX = 50;

/** product-rules §2 Transcript tab: search, participant filter, 'No messages found'. The
 * transcript is read a page at a time (docs/performance.md#long-transcripts): search and
 * participant filter run on the server, the model filter over the pages read so far. */
export function TranscriptTab({ session }: { session: SessionHeader }) {
  const [search, setSearch] = useState("");
  const [speaker, setSpeaker] = useState(ALL_PARTICIPANTS);
  const [model, setModel] = useState(ALL_MODELS); // A mixed panel's models
  const models = useMemo(() => modelNames(session.answerModels), [session.answerModels]);
  const query = useDebounced(search);
  const pages = useTranscriptPages(
    session.id,
    query,
    speaker === ALL_PARTICIPANTS ? null : speaker,
  );
  const { fetchNextPage, hasNextPage, isFetchingNextPage } = pages;
  const loaded = useMemo(() => pages.data?.pages.flatMap((p) => p.items) ?? [], [pages.data]);
  const total = pages.data?.pages[0]?.total ?? 0;
  const loadMore = useCallback(() => {
    if (hasNextPage && !isFetchingNextPage) void fetchNextPage();
  }, [fetchNextPage, hasNextPage, isFetchingNextPage]);

  const [params] = useSearchParams();
  const focusId = params.get("message");
  const focusLoaded = focusId !== null && loaded.some((m) => m.id === focusId);
  const pagesRead = pages.data?.pages.length ?? 0;
  useEffect(() => {
    // A linked message further down: read on until it is on the page.
    if (focusId && !focusLoaded && pagesRead < JUMP_PAGES_MAX) loadMore();
  }, [focusId, focusLoaded, pagesRead, loadMore]);
  useEffect(() => {
    if (!focusId || !focusLoaded) return;
    const el = document.getElementById(`message-${focusId}`);
    el?.scrollIntoView?.({ block: "center" });
    el?.focus({ preventScroll: true });
  }, [focusId, focusLoaded]);

  const visible = useMemo(() => onlyModel(loaded, model), [loaded, model]);
  const avatarIndex = useMemo(() => {
    const byId = new Map(session.participants.map((p, i) => [p.id, i]));
    const byName = new Map(session.participants.map((p, i) => [p.name, i]));
    return (m: SessionMessage) =>
      (m.personaId ? byId.get(m.personaId) : undefined) ?? byName.get(m.speaker) ?? 0;
  }, [session.participants]);
  const names = useMemo(
    () => [...new Set(session.participants.map((p) => p.name))],
    [session.participants],
  );
  const all = session.messageCount;
  const byModel = model !== ALL_MODELS;
  const filtered = byModel || query.trim() !== "" || speaker !== ALL_PARTICIPANTS;
  const count = byModel ? visible.length : total;

  return (
    <Card className="gap-4 p-5">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
        <SearchBox
          className="flex-1"
          value={search}
          onChange={setSearch}
          placeholder="Search transcript..."
          label="Search transcript"
        />
        <Select value={speaker} onValueChange={setSpeaker}>
          <SelectTrigger className="sm:w-56" aria-label="Filter by participant">
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            <SelectItem value={ALL_PARTICIPANTS}>All Participants</SelectItem>
            {names.map((name) => (
              <SelectItem key={name} value={name}>
                {name}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
        <ModelFilter models={models} value={model} onChange={setModel} />
      </div>
      {pages.isError ? (
        <QueryError
          title="Could not load the transcript"
          error={pages.error}
          onRetry={() => void pages.refetch()}
          retrying={pages.isFetching}
        />
      ) : pages.isPending ? (
        <div
          role="status"
          className="space-y-2"
          aria-busy="true"
          aria-label="Loading the transcript"
        >
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} className="h-16 w-full" />
          ))}
        </div>
      ) : (
        <>
          <p className="text-sm text-muted-foreground" aria-live="polite">
            {filtered
              ? `${count} of ${all} messages`
              : `${count} ${count === 1 ? "message" : "messages"}`}
            {byModel && hasNextPage && " (the model filter applies to those loaded so far)"}
          </p>
          {visible.length === 0 && !hasNextPage ? (
            <div className="rounded-lg border border-dashed px-6 py-12 text-center">
              <MessagesSquareIcon
                className="mx-auto mb-2 size-7 text-muted-foreground"
                aria-hidden="true"
              />
              <p className="text-muted-foreground">{NO_MESSAGES_TEXT}</p>
            </div>
          ) : (
            <>
              <ol className="space-y-2" aria-label="Transcript">
                {visible.map((message) => (
                  <MessageRow
                    key={message.id}
                    message={message}
                    avatarIndex={avatarIndex(message)}
                    query={search}
                    focused={message.id === focusId}
                    showModel={models.length > 1}
                    natural={session.settings.discussionMode === "natural"}
                    kind={session.kind}
                  />
                ))}
              </ol>
              {hasNextPage && (
                <LoadMore
                  shown={loaded.length}
                  total={total}
                  noun="messages"
                  hasMore={hasNextPage}
                  loading={isFetchingNextPage}
                  onMore={loadMore}
                />
              )}
            </>
          )}
        </>
      )}
    </Card>
  );
}
