import { MessagesSquareIcon } from "lucide-react";
import { PersonaAvatar } from "@/components/persona-avatar";
import { SentimentEmoji } from "@/components/sentiment-emoji";
import type { SessionMessage } from "@/lib/api-types";
import { cn } from "@/utils/cn";
import { formatTime } from "@/utils/dates";
import { type SessionKind, speakerLabel } from "@/utils/speakers";
import { ModelTag } from "./model-filter";
import { highlightParts, isModerator, positionLabel } from "../utils/transcript";

/** Text with the search's matches highlighted. */
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
  /** An interview: its asking side reads "Interviewer", a typed question "Researcher". */
  kind?: SessionKind;
}

/** One message of the Transcript tab. */
export function MessageRow({
  message,
  avatarIndex,
  query,
  focused = false,
  showModel = false,
  natural = false,
  kind,
}: MessageRowProps) {
  const moderator = isModerator(message);
  const speaker = speakerLabel(message, kind);
  return (
    <li
      id={`message-${message.id}`}
      tabIndex={focused ? -1 : undefined}
      data-testid="transcript-message"
      data-speaker={speaker}
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
            <Highlighted text={speaker} query={query} />
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
const MODERATOR_KIND_LABELS: Record<string, string> = {
  probe: "follow-up",
  summary: "summary",
  researcher: "typed question",
};

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
