/** The AI moderator (docs/moderator.md) in the create form's values and the live events. */
import { answer, makeMessage } from "../testing/fixtures";
import {
  MODERATOR_INDEX,
  onStoredMessage,
  onThinking,
  onToken,
  onRetrying,
  withMessage,
} from "./live-events";
import { defaultFormValues, formValuesFromDraft, toCreateInput, toDraft } from "./session-form";

describe("moderator setting", () => {
  it("defaults to scripted and travels through the request and the draft", () => {
    const values = { ...defaultFormValues(), name: "S", participantIds: ["p1", "p2", "p3"] };
    expect(values.moderator).toBe("scripted");
    const ai = { ...values, moderator: "ai" as const };
    expect(toCreateInput(ai).settings?.moderator).toBe("ai");
    expect(toDraft(ai).moderator).toBe("ai");
    expect(formValuesFromDraft(toDraft(ai))?.moderator).toBe("ai");
    expect(formValuesFromDraft({ settings: { moderator: "ai" } })?.moderator).toBe("ai");
    expect(formValuesFromDraft({ moderator: "robot" })?.moderator).toBe("scripted");
  });
});

describe("the AI moderator live", () => {
  it("shows the moderator writing, streams its text and clears it once stored", () => {
    let live = onThinking([], { questionIndex: 0, round: 1, participants: [], moderator: "probe" });
    expect(live).toEqual([
      {
        participantIndex: MODERATOR_INDEX,
        personaId: null,
        name: "Moderator",
        questionIndex: 0,
        round: 1,
        text: "",
        moderator: "probe",
      },
    ]);
    live = onToken(live, {
      participantIndex: null,
      personaId: null,
      questionIndex: 0,
      round: 1,
      delta: "Sarah, ",
      speaker: "Moderator",
      kind: "probe",
    });
    live = onToken(live, {
      participantIndex: null,
      personaId: null,
      questionIndex: 0,
      round: 1,
      delta: "why?",
      speaker: "Moderator",
      kind: "probe",
    });
    expect(live).toHaveLength(1);
    expect(live[0].text).toBe("Sarah, why?");
    live = onRetrying(live, {
      participantIndex: null,
      personaId: null,
      questionIndex: 0,
      round: 1,
    });
    expect(live[0]).toMatchObject({ text: "", state: "retrying", moderator: "probe" });
    const probe = makeMessage({ id: "p", kind: "probe", round: 1, content: "Sarah, why?" });
    expect(onStoredMessage(live, probe)).toEqual([]);
  });

  it("a token seen before thinking (joined mid-probe) is the moderator's", () => {
    const live = onToken([], {
      participantIndex: null,
      personaId: null,
      questionIndex: 1,
      round: 2,
      delta: "All agreed.",
      speaker: "Moderator",
      kind: "summary",
    });
    expect(live[0]).toMatchObject({
      participantIndex: MODERATOR_INDEX,
      name: "Moderator",
      moderator: "summary",
    });
  });

  it("keeps the stored order when a probe makes someone answer first", () => {
    const probe = makeMessage({ id: "probe", kind: "probe", round: 1, content: "Emily, why?" });
    const r0 = [
      makeMessage({ id: "q0" }),
      answer(0, 0, 0, "a"),
      answer(1, 0, 0, "b"),
      answer(2, 0, 0, "c"),
    ];
    let list = withMessage(r0, probe);
    list = withMessage(list, answer(2, 0, 1, "first"));
    list = withMessage(list, answer(0, 0, 1, "second"));
    const summary = makeMessage({
      id: "sum",
      kind: "summary",
      round: 2,
      content: "Two sentences. Here.",
    });
    list = withMessage(list, summary);
    expect(list.map((m) => m.id)).toEqual([
      "q0",
      "m-0-0-0",
      "m-0-0-1",
      "m-0-0-2",
      "probe",
      "m-0-1-2",
      "m-0-1-0",
      "sum",
    ]);
  });
});
