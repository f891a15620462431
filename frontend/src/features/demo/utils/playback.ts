import type { DemoScript, Sentiment } from "@/lib/api-types";
import { sentimentOf } from "@/utils/sentiment";
import type { DemoStep } from "./schedule";

export const MODERATOR = "Moderator";

export interface DemoMessage {
  id: string;
  speaker: string;
  content: string;
  /** null for the moderator. */
  sentiment: Sentiment | null;
  personaId: string | null;
  questionIndex: number;
}

export interface DemoState {
  messages: DemoMessage[];
  /** The participant shown typing, if any. */
  typing: { personaId: string; speaker: string } | null;
  /** 0-based index of the question being discussed (-1 before the first). */
  questionIndex: number;
  /** Replies shown so far. */
  replies: number;
  done: boolean;
}

export const INITIAL_DEMO_STATE: DemoState = {
  messages: [],
  typing: null,
  questionIndex: -1,
  replies: 0,
  done: false,
};

/** The state after `step`; replies get the product-rules §4 keyword sentiment. */
export function applyDemoStep(
  state: DemoState,
  step: DemoStep,
  script: Pick<DemoScript, "script">,
): DemoState {
  switch (step.kind) {
    case "question": {
      const turn = script.script[step.questionIndex];
      if (!turn) return state;
      const message: DemoMessage = {
        id: `q${step.questionIndex}`,
        speaker: MODERATOR,
        content: turn.question,
        sentiment: null,
        personaId: null,
        questionIndex: step.questionIndex,
      };
      return {
        ...state,
        messages: [...state.messages, message],
        typing: null,
        questionIndex: step.questionIndex,
      };
    }
    case "typing": {
      const reply = script.script[step.questionIndex]?.responses[step.replyIndex];
      if (!reply) return state;
      return { ...state, typing: { personaId: reply.personaId, speaker: reply.speaker } };
    }
    case "reply": {
      const reply = script.script[step.questionIndex]?.responses[step.replyIndex];
      if (!reply) return state;
      const message: DemoMessage = {
        id: `q${step.questionIndex}r${step.replyIndex}`,
        speaker: reply.speaker,
        content: reply.content,
        sentiment: sentimentOf(reply.content),
        personaId: reply.personaId,
        questionIndex: step.questionIndex,
      };
      return {
        ...state,
        messages: [...state.messages, message],
        typing: null,
        replies: state.replies + 1,
      };
    }
    case "complete":
      return { ...state, typing: null, done: true };
  }
}

/** Total replies of the script. */
export function totalReplies(script: Pick<DemoScript, "script">): number {
  return script.script.reduce((n, turn) => n + turn.responses.length, 0);
}

/** Progress in percent: replies shown out of all replies (100 when done). */
export function progressPercent(state: Pick<DemoState, "replies" | "done">, total: number): number {
  if (state.done) return 100;
  if (total <= 0) return 0;
  return Math.round((state.replies / total) * 100);
}
