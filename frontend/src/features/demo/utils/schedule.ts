import type { DemoTiming, DemoTurn } from "@/lib/api-types";

/** product-rules §9: playback speeds. */
export const DEMO_SPEEDS = [1, 1.5, 2] as const;
export type DemoSpeed = (typeof DEMO_SPEEDS)[number];

/** product-rules §4 waits at 1x, in ms; each is divided by the speed factor. */
export interface DemoWaits {
  afterModeratorMs: number;
  typingMs: number;
  betweenQuestionsMs: number;
}

export const DEFAULT_WAITS: DemoWaits = {
  afterModeratorMs: 1000,
  typingMs: 1500,
  betweenQuestionsMs: 2000,
};

/** product-rules §9 'demo completion delay 1 s': not divided by the speed. */
export const COMPLETION_DELAY_MS = 1000;

/** The waits of a script's timing block, falling back to the product's values. */
export function waitsFrom(timing: Partial<DemoTiming> | null | undefined): DemoWaits {
  const pick = (value: unknown, fallback: number) =>
    typeof value === "number" && Number.isFinite(value) && value >= 0 ? value : fallback;
  return {
    afterModeratorMs: pick(timing?.afterModeratorMs, DEFAULT_WAITS.afterModeratorMs),
    typingMs: pick(timing?.typingMs, DEFAULT_WAITS.typingMs),
    betweenQuestionsMs: pick(timing?.betweenQuestionsMs, DEFAULT_WAITS.betweenQuestionsMs),
  };
}

/**
 * One thing the player shows, `delayMs` (at 1x) after the previous step:
 * the moderator asks a question, a participant starts typing, a participant replies,
 * and finally the session completes.
 */
export type DemoStep =
  | { kind: "question"; questionIndex: number; delayMs: number }
  | { kind: "typing"; questionIndex: number; replyIndex: number; delayMs: number }
  | { kind: "reply"; questionIndex: number; replyIndex: number; delayMs: number }
  | { kind: "complete"; delayMs: number };

/**
 * product-rules §4 demo playback: per question the moderator asks, then after 1000 ms each
 * participant is shown typing for 1500 ms and then replies (the next one starts typing
 * at once); 2000 ms separate questions; the session completes after the last reply.
 */
export function demoSteps(
  turns: readonly Pick<DemoTurn, "responses">[],
  waits: DemoWaits = DEFAULT_WAITS,
): DemoStep[] {
  const steps: DemoStep[] = [];
  turns.forEach((turn, questionIndex) => {
    steps.push({
      kind: "question",
      questionIndex,
      delayMs: questionIndex === 0 ? 0 : waits.betweenQuestionsMs,
    });
    turn.responses.forEach((_, replyIndex) => {
      steps.push({
        kind: "typing",
        questionIndex,
        replyIndex,
        delayMs: replyIndex === 0 ? waits.afterModeratorMs : 0,
      });
      steps.push({ kind: "reply", questionIndex, replyIndex, delayMs: waits.typingMs });
    });
  });
  steps.push({ kind: "complete", delayMs: 0 });
  return steps;
}

/** A valid speed factor (1, 1.5 or 2); anything else plays at 1x. */
export function normaliseSpeed(speed: number): DemoSpeed {
  return (DEMO_SPEEDS as readonly number[]).includes(speed) ? (speed as DemoSpeed) : 1;
}

/** A 1x wait at `speed`. */
export function scaledDelay(delayMs: number, speed: number): number {
  return delayMs / normaliseSpeed(speed);
}

/** When each step happens at a constant `speed`, in ms from the start. */
export function stepTimes(steps: readonly DemoStep[], speed: number): number[] {
  let t = 0;
  return steps.map((step) => (t += scaledDelay(step.delayMs, speed)));
}

export interface TimerApi {
  now: () => number;
  setTimeout: (fn: () => void, ms: number) => unknown;
  clearTimeout: (handle: unknown) => void;
}

const realTimers: TimerApi = {
  now: () => Date.now(),
  setTimeout: (fn, ms) => globalThis.setTimeout(fn, ms),
  clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof setTimeout>),
};

export interface DemoPlayer {
  start: () => void;
  /** Changes the speed; the wait in progress is rescaled (time already waited counts). */
  setSpeed: (speed: number) => void;
  /** Cancels the pending timer; nothing more is played. */
  stop: () => void;
}

/**
 * Plays `steps` in order, calling `onStep` for each after its wait divided by the current
 * speed. One timer at a time, so `stop` (on unmount) leaves nothing behind.
 */
export function createDemoPlayer(options: {
  steps: readonly DemoStep[];
  speed: number;
  onStep: (step: DemoStep, index: number) => void;
  timers?: TimerApi;
}): DemoPlayer {
  const { steps, onStep, timers = realTimers } = options;
  let speed = normaliseSpeed(options.speed);
  let next = 0;
  let handle: unknown = null;
  let dueAt = 0;
  let stopped = false;

  const schedule = (delay: number) => {
    dueAt = timers.now() + delay;
    handle = timers.setTimeout(fire, delay);
  };

  /** Plays the due step and every following step without a wait, then waits for the next. */
  function fire() {
    handle = null;
    do {
      if (stopped || next >= steps.length) return;
      const index = next;
      next += 1;
      onStep(steps[index], index);
    } while (!stopped && next < steps.length && steps[next].delayMs <= 0);
    if (!stopped && next < steps.length) schedule(scaledDelay(steps[next].delayMs, speed));
  }

  return {
    start() {
      if (stopped || handle !== null || next > 0 || steps.length === 0) return;
      if (steps[0].delayMs <= 0) fire();
      else schedule(scaledDelay(steps[0].delayMs, speed));
    },
    setSpeed(value) {
      const newSpeed = normaliseSpeed(value);
      if (newSpeed === speed) return;
      const oldSpeed = speed;
      speed = newSpeed;
      if (handle === null || stopped) return;
      const remaining = Math.max(0, dueAt - timers.now());
      timers.clearTimeout(handle);
      schedule((remaining * oldSpeed) / newSpeed);
    },
    stop() {
      stopped = true;
      if (handle !== null) timers.clearTimeout(handle);
      handle = null;
    },
  };
}
