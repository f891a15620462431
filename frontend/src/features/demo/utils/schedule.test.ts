import {
  createDemoPlayer,
  DEFAULT_WAITS,
  type DemoStep,
  demoSteps,
  normaliseSpeed,
  scaledDelay,
  stepTimes,
  waitsFrom,
} from "./schedule";

const turns = [{ responses: [1, 2, 3] }, { responses: [1, 2, 3] }].map((t) => ({
  responses: t.responses.map((n) => ({
    personaId: `p${n}`,
    speaker: `P${n}`,
    content: "",
    sentiment: "neutral" as const,
  })),
}));

function describeStep(step: DemoStep): string {
  if (step.kind === "question") return `Q${step.questionIndex}`;
  if (step.kind === "complete") return "done";
  return `${step.kind === "typing" ? "t" : "r"}${step.questionIndex}.${step.replyIndex}`;
}

describe("demoSteps (product-rules §4 demo playback)", () => {
  it("asks, then shows each participant typing and replying, then completes", () => {
    const steps = demoSteps(turns);
    expect(steps.map(describeStep)).toEqual([
      "Q0",
      "t0.0",
      "r0.0",
      "t0.1",
      "r0.1",
      "t0.2",
      "r0.2",
      "Q1",
      "t1.0",
      "r1.0",
      "t1.1",
      "r1.1",
      "t1.2",
      "r1.2",
      "done",
    ]);
  });

  it("waits 1000 ms after the moderator, 1500 ms typing and 2000 ms between questions at 1x", () => {
    const steps = demoSteps(turns);
    const times = stepTimes(steps, 1);
    const at = (label: string) => times[steps.findIndex((s) => describeStep(s) === label)];
    expect(at("Q0")).toBe(0);
    expect(at("t0.0")).toBe(1000);
    expect(at("r0.0")).toBe(2500);
    expect(at("t0.1")).toBe(2500);
    expect(at("r0.2")).toBe(5500);
    expect(at("Q1")).toBe(7500);
    expect(at("t1.0")).toBe(8500);
    expect(at("r1.2")).toBe(13000);
    expect(at("done")).toBe(13000);
  });

  it("divides every wait by the speed factor", () => {
    const steps = demoSteps(turns);
    const end1 = stepTimes(steps, 1).at(-1)!;
    expect(stepTimes(steps, 1.5).at(-1)).toBeCloseTo(end1 / 1.5);
    expect(stepTimes(steps, 2).at(-1)).toBe(end1 / 2);
    expect(stepTimes(steps, 2).slice(0, 3)).toEqual([0, 500, 1250]);
    expect(stepTimes(steps, 1.5).slice(0, 3).map(Math.round)).toEqual([0, 667, 1667]);
  });

  it("plays an unknown speed at 1x and reads the script's timing", () => {
    expect(normaliseSpeed(3)).toBe(1);
    expect(scaledDelay(1500, 1.5)).toBe(1000);
    expect(scaledDelay(1500, 0)).toBe(1500);
    expect(waitsFrom(undefined)).toEqual(DEFAULT_WAITS);
    expect(waitsFrom({ afterModeratorMs: 10, typingMs: -1 })).toEqual({
      ...DEFAULT_WAITS,
      afterModeratorMs: 10,
    });
  });
});

describe("createDemoPlayer (fake timers)", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  function play(speed: number) {
    const seen: string[] = [];
    const player = createDemoPlayer({
      steps: demoSteps(turns),
      speed,
      onStep: (s) => seen.push(describeStep(s)),
    });
    player.start();
    return { seen, player };
  }

  it.each([
    [1, 13000],
    [1.5, 13000 / 1.5],
    [2, 6500],
  ])("at %sx plays the whole script in %s ms", (speed, total) => {
    const { seen } = play(speed);
    expect(seen).toEqual(["Q0"]); // the first question is asked at once
    vi.advanceTimersByTime(1000 / speed - 1);
    expect(seen).toEqual(["Q0"]);
    vi.advanceTimersByTime(1);
    expect(seen).toEqual(["Q0", "t0.0"]);
    vi.advanceTimersByTime(total - 1000 / speed - 2);
    expect(seen).not.toContain("done");
    vi.advanceTimersByTime(2);
    expect(seen.at(-1)).toBe("done");
    expect(seen).toHaveLength(15);
    expect(vi.getTimerCount()).toBe(0);
  });

  it("rescales the wait in progress when the speed changes", () => {
    const { seen, player } = play(1);
    expect(seen).toEqual(["Q0"]); // next: typing after 1000 ms
    vi.advanceTimersByTime(500); // half waited
    player.setSpeed(2); // the remaining 500 ms at 1x become 250 ms
    vi.advanceTimersByTime(249);
    expect(seen).toEqual(["Q0"]);
    vi.advanceTimersByTime(1);
    expect(seen).toEqual(["Q0", "t0.0"]);
    vi.advanceTimersByTime(750); // the 1500 ms typing wait at 2x
    expect(seen.slice(-2)).toEqual(["r0.0", "t0.1"]);
  });

  it("stops cleanly: no timers left, nothing more played", () => {
    const { seen, player } = play(1);
    vi.advanceTimersByTime(2500);
    expect(seen).toEqual(["Q0", "t0.0", "r0.0", "t0.1"]); // the next one types at once
    player.stop();
    expect(vi.getTimerCount()).toBe(0);
    vi.advanceTimersByTime(60_000);
    expect(seen).toHaveLength(4);
    player.start();
    expect(vi.getTimerCount()).toBe(0);
  });
});
