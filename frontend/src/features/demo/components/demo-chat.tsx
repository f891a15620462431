import { MessagesSquareIcon } from "lucide-react";
import { useEffect, useRef } from "react";
import { PersonaAvatar } from "@/components/persona-avatar";
import { SentimentEmoji } from "@/components/sentiment-emoji";
import { Card, CardHeader, CardTitle } from "@/components/ui/card";
import { cn } from "@/utils/cn";
import type { DemoMessage, DemoState } from "../utils/playback";

export function ModeratorAvatar({ className }: { className?: string }) {
  return (
    <span
      aria-hidden="true"
      data-testid="moderator-avatar"
      className={cn(
        "flex size-9 shrink-0 items-center justify-center rounded-full bg-primary text-primary-foreground",
        className,
      )}
    >
      <MessagesSquareIcon className="size-4" />
    </span>
  );
}

function ChatMessage({ message, avatarIndex }: { message: DemoMessage; avatarIndex: number }) {
  const moderator = message.personaId === null;
  return (
    <li className="flex gap-3" data-testid="demo-message" data-speaker={message.speaker}>
      {moderator ? (
        <ModeratorAvatar />
      ) : (
        <PersonaAvatar name={message.speaker} index={avatarIndex} className="size-9 text-xs" />
      )}
      <div className="min-w-0 flex-1">
        <div className="flex items-center gap-2">
          <span className={cn("text-sm font-semibold", moderator && "text-accent-foreground")}>
            {message.speaker}
          </span>
          <SentimentEmoji sentiment={message.sentiment} />
        </div>
        <p
          className={cn(
            "mt-1 inline-block rounded-2xl rounded-tl-sm px-3.5 py-2 text-sm leading-relaxed",
            moderator ? "bg-accent font-medium text-accent-foreground" : "bg-muted",
          )}
        >
          {message.content}
        </p>
      </div>
    </li>
  );
}

export function TypingIndicator({ name, avatarIndex }: { name: string; avatarIndex: number }) {
  return (
    <div className="flex items-center gap-3" data-testid="typing-indicator">
      <PersonaAvatar name={name} index={avatarIndex} className="size-9 text-xs" />
      <div className="flex items-center gap-2 rounded-2xl rounded-tl-sm bg-muted px-3.5 py-2.5">
        <span className="flex gap-1" aria-hidden="true">
          {[0, 150, 300].map((delay) => (
            <span
              key={delay}
              className="size-1.5 animate-bounce rounded-full bg-muted-foreground/70"
              style={{ animationDelay: `${delay}ms` }}
            />
          ))}
        </span>
        <span className="text-sm text-muted-foreground italic">{name} is typing...</span>
      </div>
    </div>
  );
}

/** The demo's chat window: moderator and participant messages, sentiment emoji, typing. */
export function DemoChat({
  state,
  avatarIndex,
}: {
  state: DemoState;
  avatarIndex: (personaId: string | null) => number;
}) {
  const scrollRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const el = scrollRef.current;
    if (!el) return;
    if (typeof el.scrollTo === "function")
      el.scrollTo({ top: el.scrollHeight, behavior: "smooth" });
    else el.scrollTop = el.scrollHeight;
  }, [state.messages.length, state.typing]);

  return (
    <Card className="min-h-[28rem] flex-1 overflow-hidden lg:min-h-0">
      <CardHeader className="flex-row items-center justify-between border-b pb-4">
        <CardTitle>Discussion</CardTitle>
        <span className="text-xs text-muted-foreground tabular-nums">
          {state.messages.length} {state.messages.length === 1 ? "message" : "messages"}
        </span>
      </CardHeader>
      {/* The scroller is absolutely placed so the card takes the column's height, not the chat's. */}
      <div className="relative flex-1">
        {/* Focusable so the keyboard can scroll it; the log role sits on a wrapper, since a list
          keeps its own role for its items. */}
        <div
          ref={scrollRef}
          tabIndex={0}
          role="region"
          aria-label="Demo chat"
          className="absolute inset-0 overflow-y-auto px-5 py-4 outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50"
          data-testid="demo-chat"
        >
          <div role="log" aria-label="Demo discussion">
            <ol className="space-y-4">
              {state.messages.map((message) => (
                <ChatMessage
                  key={message.id}
                  message={message}
                  avatarIndex={avatarIndex(message.personaId)}
                />
              ))}
            </ol>
          </div>
          {state.typing && (
            <div className="mt-4" aria-live="polite">
              <TypingIndicator
                name={state.typing.speaker}
                avatarIndex={avatarIndex(state.typing.personaId)}
              />
            </div>
          )}
        </div>
      </div>
    </Card>
  );
}
