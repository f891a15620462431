import {
  applyDemoStep,
  type DemoState,
  INITIAL_DEMO_STATE,
  progressPercent,
  totalReplies,
} from "./playback";
import { demoSteps } from "./schedule";

const script = {
  script: [
    {
      questionIndex: 0,
      question: "First impression?",
      responses: [
        {
          personaId: "d1",
          speaker: "Maya Green",
          content: "I love it, great idea.",
          sentiment: "positive" as const,
        },
        {
          personaId: "d2",
          speaker: "Frank Morrison",
          content: "Terrible, I would never buy it.",
          sentiment: "negative" as const,
        },
      ],
    },
    {
      questionIndex: 1,
      question: "Would you pay more?",
      responses: [
        {
          personaId: "d1",
          speaker: "Maya Green",
          content: "Maybe a little.",
          sentiment: "neutral" as const,
        },
        {
          personaId: "d2",
          speaker: "Frank Morrison",
          content: "No.",
          sentiment: "neutral" as const,
        },
      ],
    },
  ],
};

function run(count: number): DemoState {
  return demoSteps(script.script)
    .slice(0, count)
    .reduce((state, step) => applyDemoStep(state, step, script), INITIAL_DEMO_STATE);
}

describe("applyDemoStep", () => {
  it("posts the question as a Moderator message without sentiment", () => {
    const state = run(1);
    expect(state.messages).toEqual([
      {
        id: "q0",
        speaker: "Moderator",
        content: "First impression?",
        sentiment: null,
        personaId: null,
        questionIndex: 0,
      },
    ]);
    expect(state.questionIndex).toBe(0);
    expect(state.typing).toBeNull();
  });

  it("shows who is typing, then their reply with the keyword sentiment", () => {
    expect(run(2).typing).toEqual({ personaId: "d1", speaker: "Maya Green" });
    const state = run(5);
    expect(state.messages.map((m) => [m.speaker, m.sentiment])).toEqual([
      ["Moderator", null],
      ["Maya Green", "positive"],
      ["Frank Morrison", "negative"],
    ]);
    expect(state.typing).toBeNull();
    expect(state.replies).toBe(2);
  });

  it("completes after the last reply", () => {
    const all = demoSteps(script.script).length;
    expect(run(all - 1).done).toBe(false);
    const done = run(all);
    expect(done.done).toBe(true);
    expect(done.messages).toHaveLength(6);
    expect(done.questionIndex).toBe(1);
  });

  it("measures progress as replies shown", () => {
    expect(totalReplies(script)).toBe(4);
    expect(progressPercent(run(5), 4)).toBe(50);
    expect(progressPercent({ replies: 0, done: false }, 0)).toBe(0);
    expect(progressPercent({ replies: 3, done: true }, 4)).toBe(100);
  });
});
