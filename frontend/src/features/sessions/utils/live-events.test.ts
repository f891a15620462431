import { answer, makeMessage, makeSession } from "../testing/fixtures";
import {
  applyError,
  applyMessage,
  applyProgress,
  applyStatus,
  mergeFetched,
  onRetrying,
  onStoredMessage,
  onThinking,
  onToken,
  onWaiting,
  withMessage,
} from "./live-events";

const question = makeMessage({ id: "q0" });

describe("messages", () => {
  it("adds a message once, in transcript order", () => {
    const a0 = answer(0, 0, 0, "First");
    const a1 = answer(1, 0, 0, "Second");
    let list = withMessage([question], a1);
    list = withMessage(list, a0);
    expect(list.map((m) => m.id)).toEqual(["q0", a0.id, a1.id]);
    expect(withMessage(list, a0)).toBe(list);
    const round = makeMessage({
      id: "r1",
      kind: "round",
      round: 1,
      content: "[Round 2] Please respond to what others have shared.",
    });
    expect(withMessage([...list, answer(0, 0, 1, "Later")], round).map((m) => m.id)).toEqual([
      "q0",
      a0.id,
      a1.id,
      "r1",
      "m-0-1-0",
    ]);
  });

  it("applies message, progress, status and error events to the session", () => {
    let session = makeSession({ running: true });
    session = applyMessage(session, question);
    expect(session.messages).toHaveLength(1);
    session = applyProgress(session, {
      responses: 2,
      total: 18,
      questionIndex: 0,
      round: 0,
      participantIndex: 2,
      speakingPersonaId: "p3",
      tokensUsed: 40,
    });
    expect(session.progress.responses).toBe(2);
    expect(session.tokensUsed).toBe(40);
    session = applyError(session, { status: 402, message: "Credits depleted (402)" });
    expect(session.running).toBe(false);
    expect(session.error).toEqual({ status: 402, message: "Credits depleted (402)" });
    session = applyStatus(session, { status: "completed", running: false, error: null });
    expect(session.status).toBe("completed");
    expect(session.error).toBeNull();
    expect(session.progress.speakingPersonaId).toBeNull();
  });

  it("keeps what events added when a fetch answers from a moment before", () => {
    const late = answer(0, 0, 0, "Arrived by event");
    const previous = makeSession({
      messages: [question, late],
      progress: { ...makeSession().progress, responses: 1 },
      tokensUsed: 12,
    });
    const fresh = makeSession({ messages: [question], tokensUsed: 0 });
    const merged = mergeFetched(previous, fresh);
    expect(merged.messages.map((m) => m.id)).toEqual(["q0", late.id]);
    expect(merged.progress.responses).toBe(1);
    expect(merged.tokensUsed).toBe(12);
    expect(mergeFetched(undefined, fresh)).toBe(fresh);
    expect(mergeFetched(makeSession({ messages: [question] }), fresh)).toBe(fresh);
  });
});

describe("answers being written", () => {
  const thinking = {
    questionIndex: 0,
    round: 0,
    participants: [
      { participantIndex: 0, personaId: "p1", name: "Sarah Chen" },
      { participantIndex: 1, personaId: "p2", name: "Marcus Johnson" },
    ],
  };

  it("streams tokens into the thinking participants and drops stored answers", () => {
    let answers = onThinking([], thinking);
    expect(answers.map((a) => a.name)).toEqual(["Sarah Chen", "Marcus Johnson"]);
    answers = onToken(answers, {
      participantIndex: 1,
      personaId: "p2",
      questionIndex: 0,
      round: 0,
      delta: "Hello ",
    });
    answers = onToken(answers, {
      participantIndex: 1,
      personaId: "p2",
      questionIndex: 0,
      round: 0,
      delta: "there",
    });
    expect(answers[1].text).toBe("Hello there");
    answers = onStoredMessage(answers, answer(0, 0, 0, "Done"));
    expect(answers.map((a) => a.participantIndex)).toEqual([1]);
    // The next thinking event keeps the text streamed so far.
    answers = onThinking(answers, { ...thinking, participants: [thinking.participants[1]] });
    expect(answers).toHaveLength(1);
    expect(answers[0].text).toBe("Hello there");
  });

  it("a retried answer drops its streamed text and shows the retry until new text comes", () => {
    const slot = { participantIndex: 1, personaId: "p2", questionIndex: 0, round: 0 };
    let answers = onThinking([], thinking);
    answers = onToken(answers, { ...slot, delta: "I would" });
    answers = onRetrying(answers, slot);
    expect(answers[1]).toMatchObject({ text: "", state: "retrying" });
    expect(answers[0]).toMatchObject({ text: "" });
    expect(answers[0].state).toBeFalsy();
    answers = onToken(answers, { ...slot, delta: "Whole answer." });
    expect(answers[1]).toMatchObject({ text: "Whole answer.", state: null });
  });

  it("a queued answer shows it waits for the model, not an error, until its first token", () => {
    const slot = { participantIndex: 2, personaId: "p3", questionIndex: 1, round: 0 };
    let answers = onWaiting([], slot);
    expect(answers).toEqual([{ ...slot, name: null, text: "", state: "waiting" }]);
    answers = onToken(answers, { ...slot, delta: "Hi" });
    expect(answers[0]).toMatchObject({ text: "Hi", state: null });
  });

  it("adds a participant seen only through tokens (page opened mid-answer)", () => {
    const answers = onToken([], {
      participantIndex: 2,
      personaId: "p3",
      questionIndex: 1,
      round: 2,
      delta: "Hi",
    });
    expect(answers).toEqual([
      { participantIndex: 2, personaId: "p3", name: null, questionIndex: 1, round: 2, text: "Hi" },
    ]);
    expect(onStoredMessage(answers, question)).toBe(answers);
  });
});
