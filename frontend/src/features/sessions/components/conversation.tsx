import { Loader2Icon, MessagesSquareIcon, ShieldQuestionIcon } from "lucide-react";
import { type ReactNode, useLayoutEffect, useRef } from "react";
import { Button } from "@/components/ui/button";
import { PersonaAvatar } from "@/components/persona-avatar";
import { SentimentEmoji } from "@/components/sentiment-emoji";
import { Card } from "@/components/ui/card";
import type { SessionMessage, SessionParticipant } from "@/lib/api-types";
import { formatTime } from "@/utils/dates";
import { cn } from "@/utils/cn";
import { isModeratorSide, moderatorLabel, type SessionKind, speakerLabel } from "@/utils/speakers";
import type { WritingAnswer } from "../utils/live-events";
import type { EarlierOnServer } from "../hooks/use-earlier-messages";
import { useMessageWindow } from "../hooks/use-message-window";

export interface ConversationProps {
  messages: readonly SessionMessage[];
  participants: readonly SessionParticipant[];
  writing: readonly WritingAnswer[];
  running: boolean;
  /** The error box, shown under the messages. */
  footer?: ReactNode;
  /** Messages before those held, read from the server when the reader asks for them. */
  earlier?: EarlierOnServer;
  headerAside?: ReactNode;
  /** An interview's asking side reads "Interviewer" (and a typed question "Researcher"). */
  kind?: SessionKind;
}

function ModeratorAvatar() {
  return (
    <div
      aria-hidden="true"
      className="flex size-9 shrink-0 items-center justify-center rounded-full bg-foreground text-background"
    >
      <ShieldQuestionIcon className="size-4" />
    </div>
  );
}

function participantIndexOf(
  participants: readonly SessionParticipant[],
  message: Pick<SessionMessage, "personaId" | "participantIndex">,
): number {
  const byId = participants.findIndex((p) => p.id === message.personaId);
  return byId !== -1 ? byId : (message.participantIndex ?? 0);
}

function MessageItem({
  message,
  participants,
  kind,
}: {
  message: SessionMessage;
  participants: readonly SessionParticipant[];
  kind?: SessionKind;
}) {
  const moderator = isModeratorSide(message);
  const speaker = speakerLabel(message, kind);
  const time = formatTime(message.timestamp);
  return (
    <li
      className="flex gap-3"
      data-testid="message"
      data-speaker={speaker}
      data-kind={message.kind}
    >
      {moderator ? (
        <ModeratorAvatar />
      ) : (
        <PersonaAvatar
          name={message.speaker}
          index={participantIndexOf(participants, message)}
          className="size-9 text-xs"
        />
      )}
      <div className="min-w-0 flex-1">
        <div className="flex items-center gap-2">
          <span className="truncate text-sm font-semibold">{speaker}</span>
          {!moderator && <SentimentEmoji sentiment={message.sentiment} />}
          {moderator && message.kind === "question" && (
            <span className="rounded bg-secondary px-1.5 py-0.5 text-[11px] font-medium text-muted-foreground">
              Question {message.questionIndex + 1}
            </span>
          )}
          {moderator && KIND_LABEL[message.kind] && (
            <span className="rounded bg-secondary px-1.5 py-0.5 text-[11px] font-medium text-muted-foreground">
              {KIND_LABEL[message.kind]}
            </span>
          )}
          {time && (
            <time
              dateTime={message.timestamp}
              className="ml-auto shrink-0 text-xs text-muted-foreground tabular-nums"
            >
              {time}
            </time>
          )}
        </div>
        <p
          className={cn(
            "mt-1 rounded-lg px-3 py-2 text-sm leading-relaxed whitespace-pre-wrap",
            moderator ? "bg-accent text-accent-foreground" : "bg-secondary",
          )}
        >
          {message.content}
        </p>
        {message.note && (
          <p className="mt-1 text-xs text-muted-foreground" data-testid="message-note">
            {message.note}
          </p>
        )}
      </div>
    </li>
  );
}

const KIND_LABEL: Record<string, string> = {
  probe: "Follow-up",
  summary: "Summary",
  researcher: "Typed question",
};

const STATE_TEXT = {
  thinking: "is thinking...",
  retrying: "is thinking... (the model stopped early; trying again)",
  waiting: "is waiting for the model...",
} as const;

const MODERATOR_STATE_TEXT = {
  probe: "is writing a follow-up...",
  summary: "is summing up...",
} as const;

function WritingItem({
  answer,
  participants,
  kind,
}: {
  answer: WritingAnswer;
  participants: readonly SessionParticipant[];
  kind?: SessionKind;
}) {
  const participant = participants[answer.participantIndex];
  const name = answer.moderator
    ? moderatorLabel(kind)
    : (answer.name ?? participant?.name ?? `Participant ${answer.participantIndex + 1}`);
  const stateText =
    answer.moderator && !answer.state
      ? MODERATOR_STATE_TEXT[answer.moderator]
      : STATE_TEXT[answer.state ?? "thinking"];
  return (
    <li
      className="flex gap-3"
      data-testid="writing-answer"
      data-moderator={answer.moderator}
      aria-live="off"
    >
      {answer.moderator ? (
        <ModeratorAvatar />
      ) : (
        <PersonaAvatar name={name} index={answer.participantIndex} className="size-9 text-xs" />
      )}
      <div className="min-w-0 flex-1">
        <p className="flex items-center gap-2 text-sm text-muted-foreground">
          <span>
            <span className="font-semibold text-foreground">{name}</span> {stateText}
          </span>
          <span className="flex gap-0.5" aria-hidden="true">
            <span className="size-1 animate-bounce rounded-full bg-muted-foreground [animation-delay:-0.3s]" />
            <span className="size-1 animate-bounce rounded-full bg-muted-foreground [animation-delay:-0.15s]" />
            <span className="size-1 animate-bounce rounded-full bg-muted-foreground" />
          </span>
        </p>
        {answer.text && (
          <p className="mt-1 rounded-lg border border-dashed px-3 py-2 text-sm leading-relaxed whitespace-pre-wrap text-muted-foreground">
            {answer.text}
            <span
              className="ml-0.5 inline-block h-3.5 w-0.5 translate-y-0.5 animate-pulse bg-primary"
              aria-hidden="true"
            />
          </p>
        )}
      </div>
    </li>
  );
}

/** The live transcript, capped at 600 px and scrolled to the newest line; the newest
 * messages only are on the page (hooks/use-message-window.ts), earlier ones on demand. */
export function Conversation({
  messages,
  participants,
  writing,
  running,
  footer,
  headerAside,
  earlier,
  kind,
}: ConversationProps) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const stickRef = useRef(true);
  // The scroll height before earlier messages were added, to keep the reader's place.
  const heightBeforeRef = useRef<number | null>(null);
  const lastWriting = writing.map((w) => w.text.length).join(",");
  const { shown, hidden, showEarlier, reset } = useMessageWindow(messages);

  useLayoutEffect(() => {
    const el = scrollRef.current;
    if (!el) return;
    if (heightBeforeRef.current !== null) {
      el.scrollTop += el.scrollHeight - heightBeforeRef.current;
      heightBeforeRef.current = null;
    } else if (stickRef.current) {
      el.scrollTop = el.scrollHeight;
    }
  }, [messages.length, hidden, lastWriting, writing.length, footer]);

  useLayoutEffect(() => {
    // Following the newest line again: the earlier messages leave the page.
    if (stickRef.current) reset();
  }, [messages.length, reset]);

  return (
    <Card
      role="region"
      aria-labelledby="conversation-heading"
      className="gap-0 overflow-hidden p-0"
    >
      <div className="flex items-center justify-between gap-3 border-b px-5 py-3.5">
        <div className="flex items-center gap-2">
          <MessagesSquareIcon className="size-4 text-primary" aria-hidden="true" />
          <h2 id="conversation-heading" className="font-semibold">
            Conversation
          </h2>
        </div>
        {headerAside}
      </div>
      <div
        ref={scrollRef}
        onScroll={(e) => {
          const el = e.currentTarget;
          stickRef.current = el.scrollHeight - el.scrollTop - el.clientHeight < 80;
        }}
        tabIndex={0}
        role="region"
        aria-label="Conversation messages"
        className="max-h-[600px] overflow-y-auto px-5 py-4 outline-none focus-visible:ring-[3px] focus-visible:ring-inset focus-visible:ring-ring/50"
        data-testid="conversation"
      >
        {messages.length === 0 && writing.length === 0 ? (
          <div className="flex flex-col items-center gap-2 py-12 text-center text-sm text-muted-foreground">
            {running ? (
              <>
                <Loader2Icon className="size-5 animate-spin" aria-hidden="true" />
                {kind === "interview"
                  ? "The interviewer is about to ask the first question..."
                  : "The moderator is about to open the discussion..."}
              </>
            ) : (
              "No messages yet."
            )}
          </div>
        ) : (
          <ol className="space-y-4" aria-label="Messages">
            {hidden + (earlier?.count ?? 0) > 0 && (
              <li className="flex justify-center">
                <Button
                  type="button"
                  variant="outline"
                  size="sm"
                  data-testid="show-earlier"
                  disabled={earlier?.loading}
                  onClick={() => {
                    const keepPlace = () => {
                      heightBeforeRef.current = scrollRef.current?.scrollHeight ?? null;
                      showEarlier();
                    };
                    if (hidden === 0 && earlier) {
                      // All held messages are shown: read the page before them first (the
                      // reader is reading back: the page arriving must not reset the window).
                      stickRef.current = false;
                      void earlier.load().then(keepPlace);
                    } else {
                      keepPlace();
                    }
                  }}
                >
                  {earlier?.loading && (
                    <Loader2Icon className="size-4 animate-spin" aria-hidden="true" />
                  )}
                  Show earlier messages ({(hidden + (earlier?.count ?? 0)).toLocaleString()} not
                  shown)
                </Button>
              </li>
            )}
            {shown.map((message) => (
              <MessageItem
                key={message.id}
                message={message}
                participants={participants}
                kind={kind}
              />
            ))}
            {writing.map((answer) => (
              <WritingItem
                key={`${answer.questionIndex}-${answer.round}-${answer.participantIndex}`}
                answer={answer}
                participants={participants}
                kind={kind}
              />
            ))}
          </ol>
        )}
        {footer && <div className="mt-4">{footer}</div>}
      </div>
    </Card>
  );
}
