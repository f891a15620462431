import { MessagesSquareIcon } from "lucide-react";
import { useEffect, useMemo, useState } from "react";
import { useSearchParams } from "react-router";
import { PersonaAvatar } from "@/components/persona-avatar";
import { SearchBox } from "@/components/search-box";
import { SentimentEmoji } from "@/components/sentiment-emoji";
import { Card } from "@/components/ui/card";
import {
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from "@/components/ui/select";
import type { Session, SessionMessage } from "@/lib/api-types";
import { cn } from "@/utils/cn";
import { formatTime } from "@/utils/dates";
import { ALL_MODELS, answerModels, onlyModel } from "../utils/models";
import { ModelFilter, ModelTag } from "./model-filter";
import {
  ALL_PARTICIPANTS,
  filterTranscript,
  highlightParts,
  isModerator,
  positionLabel,
} from "../utils/transcript";

export const NO_MESSAGES_TEXT = "No messages found";

function Highlighted({ text, query }: { text: string; query: string }) {
  return (
    <>
      {highlightParts(text, query).map((part, i) =>
        part.match ? (
          <mark key={i} className="rounded-sm bg-amber-200/70 px-0.5 text-inherit">
            {part.text}
          </mark>
        ) : (
          <span key={i}>{part.text}</span>
        ),
      )}
    </>
  );
}

interface MessageRowProps {
  message: SessionMessage;
  avatarIndex: number;
  query: string;
  /** Linked from a health finding (?message=id): scrolled to and outlined. */
  focused?: boolean;
  /** A mixed panel: each answer names its model. */
  showModel?: boolean;
  /** Natural mode: positions are turns, not rounds. */
  natural?: boolean;
}

function MessageRow({
  message,
  avatarIndex,
  query,
  focused = false,
  showModel = false,
  natural = false,
}: MessageRowProps) {
  const moderator = isModerator(message);
  return (
    <li
      id={`message-${message.id}`}
      tabIndex={focused ? -1 : undefined}
      data-testid="transcript-message"
      data-speaker={message.speaker}
      data-moderator={moderator || undefined}
      data-focused={focused || undefined}
      className={cn(
        "flex gap-3 rounded-lg px-4 py-3",
        moderator ? "border-l-4 border-primary bg-accent/60" : "bg-card",
        focused && "ring-2 ring-amber-500 outline-none",
      )}
    >
      {moderator ? (
        <span
          aria-hidden="true"
          className="flex size-8 shrink-0 items-center justify-center rounded-full bg-primary text-primary-foreground"
        >
          <MessagesSquareIcon className="size-4" />
        </span>
      ) : (
        <PersonaAvatar name={message.speaker} index={avatarIndex} className="size-8 text-xs" />
      )}
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-center gap-x-2 gap-y-0.5">
          <span className={cn("text-sm font-semibold", moderator && "text-accent-foreground")}>
            <Highlighted text={message.speaker} query={query} />
          </span>
          {moderator && (
            <span className="text-xs text-muted-foreground">{positionLabel(message, natural)}</span>
          )}
          {moderator && MODERATOR_KIND_LABELS[message.kind] && (
            <span
              className="rounded border px-1.5 text-[11px] text-muted-foreground"
              data-testid="moderator-kind"
            >
              {MODERATOR_KIND_LABELS[message.kind]}
            </span>
          )}
          <SentimentEmoji sentiment={message.sentiment} />
          {showModel && !moderator && <ModelTag message={message} />}
          {(message.repairs?.length ?? 0) > 0 && (
            <span
              className="rounded border px-1.5 text-[11px] text-muted-foreground"
              title={`Cleaned before it was stored: ${repairsText(message.repairs ?? [])}`}
              data-testid="message-repaired"
            >
              cleaned
            </span>
          )}
          <time
            dateTime={message.timestamp}
            className="ml-auto text-xs text-muted-foreground tabular-nums"
          >
            {formatTime(message.timestamp)}
          </time>
        </div>
        <p
          className={cn(
            "mt-1 text-sm leading-relaxed whitespace-pre-line break-words",
            moderator && "font-medium",
          )}
        >
          <Highlighted text={message.content} query={query} />
        </p>
        {message.note && <p className="mt-1 text-xs text-muted-foreground">{message.note}</p>}
      </div>
    </li>
  );
}

/** The AI moderator's messages. */
const MODERATOR_KIND_LABELS: Record<string, string> = { probe: "follow-up", summary: "summary" };

const REPAIR_LABELS: Record<string, string> = {
  own_name_prefix: "its own name at the start",
  other_speaker: "lines written as another speaker",
  label_as_address: "the label colon after the name of the person spoken to",
  meta_text: "bracketed stage directions",
  echoed_instruction: "echoed instructions",
  incomplete_sentence: "an unfinished last sentence",
  trimmed_to_length: "sentences far past the length asked for",
};

/** Re-asks of an unusable answer, counted in the repairs. */
const REASKED = "reasked";
const KEPT_UNUSABLE = "kept_unusable";
/** A long natural turn far shorter than asked, asked once more (docs/natural-mode.md). */
const REASKED_SHORT = "reasked_too_short";

/** What answer cleaning removed, in words (the raw text stays in the JSON export). */
export function repairsText(repairs: readonly string[]): string {
  const removed = repairs.filter(
    (r) => r !== REASKED && r !== KEPT_UNUSABLE && r !== REASKED_SHORT,
  );
  const reasks = repairs.filter((r) => r === REASKED).length;
  const parts = removed.length
    ? [removed.map((r) => REPAIR_LABELS[r] ?? r).join(", ") + " removed"]
    : [];
  if (reasks) parts.push(`asked again ${reasks === 1 ? "once" : `${reasks} times`}`);
  if (repairs.includes(KEPT_UNUSABLE))
    parts.push("still a name, a round line or under 3 words: kept as written");
  if (repairs.includes(REASKED_SHORT))
    parts.push("far shorter than the length asked for: asked once more, the closer kept");
  return parts.join("; ");
}

/** product-rules §2 Transcript tab: search, participant filter, 'No messages found'. */
export function TranscriptTab({ session }: { session: Session }) {
  const [search, setSearch] = useState("");
  const [speaker, setSpeaker] = useState(ALL_PARTICIPANTS);
  const [model, setModel] = useState(ALL_MODELS); // A mixed panel's models
  const models = useMemo(() => answerModels(session.messages), [session.messages]);
  const [params] = useSearchParams();
  const focusId = params.get("message");
  useEffect(() => {
    if (!focusId) return;
    const el = document.getElementById(`message-${focusId}`);
    el?.scrollIntoView?.({ block: "center" });
    el?.focus({ preventScroll: true });
  }, [focusId]);

  const visible = useMemo(
    () => onlyModel(filterTranscript(session.messages, { search, speaker }), model),
    [session.messages, search, speaker, model],
  );
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
      <p className="text-sm text-muted-foreground" aria-live="polite">
        {visible.length === session.messages.length
          ? `${session.messages.length} ${session.messages.length === 1 ? "message" : "messages"}`
          : `${visible.length} of ${session.messages.length} messages`}
      </p>
      {visible.length === 0 ? (
        <div className="rounded-lg border border-dashed px-6 py-12 text-center">
          <MessagesSquareIcon
            className="mx-auto mb-2 size-7 text-muted-foreground"
            aria-hidden="true"
          />
          <p className="text-muted-foreground">{NO_MESSAGES_TEXT}</p>
        </div>
      ) : (
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
            />
          ))}
        </ol>
      )}
    </Card>
  );
}
