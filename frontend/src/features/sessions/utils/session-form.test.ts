import {
  addQuestionRow,
  canRemoveQuestion,
  canStartSession,
  defaultFormValues,
  estimateTokens,
  formatTokenEstimate,
  formValuesFromDraft,
  questionsFromTemplate,
  removeQuestionRow,
  shouldAutosave,
  toCreateInput,
  toDraft,
  toggleParticipant,
  withFirstParticipant,
} from "./session-form";

const ids = (n: number) => Array.from({ length: n }, (_, i) => `p${i + 1}`);

describe("participants", () => {
  it("toggles a persona and ignores selecting beyond 8", () => {
    expect(toggleParticipant(["p1"], "p2")).toEqual(["p1", "p2"]);
    expect(toggleParticipant(["p1", "p2"], "p1")).toEqual(["p2"]);
    expect(toggleParticipant(ids(8), "p9")).toEqual(ids(8));
    expect(toggleParticipant(ids(8), "p3")).toHaveLength(7);
  });

  it("puts the persona passed in through navigation first", () => {
    expect(withFirstParticipant(["p1", "p2"], "p5")).toEqual(["p5", "p1", "p2"]);
    expect(withFirstParticipant(["p1", "p2"], "p2")).toEqual(["p2", "p1"]);
    expect(withFirstParticipant(ids(8), "p9")).toEqual(["p9", ...ids(7)]);
    expect(withFirstParticipant(["p1"], null)).toEqual(["p1"]);
  });
});

describe("questions", () => {
  it("starts with 3 blank rows", () => {
    expect(defaultFormValues().questions).toEqual(["", "", ""]);
  });

  it("adds rows up to 10 and removes rows down to 2", () => {
    expect(addQuestionRow(Array(9).fill("q"))).toHaveLength(10);
    expect(addQuestionRow(Array(10).fill("q"))).toHaveLength(10);
    expect(removeQuestionRow(["a", "b", "c"], 1)).toEqual(["a", "c"]);
    expect(removeQuestionRow(["a", "b"], 0)).toEqual(["a", "b"]);
    expect(canRemoveQuestion(3)).toBe(true);
    expect(canRemoveQuestion(2)).toBe(false);
  });

  it("fills the rows from a template", () => {
    expect(questionsFromTemplate(["q1", "q2", "q3", "q4"])).toEqual(["q1", "q2", "q3", "q4"]);
    expect(questionsFromTemplate(["only"])).toEqual(["only", ""]);
    expect(questionsFromTemplate(Array(12).fill("q"))).toHaveLength(10);
  });
});

describe("estimateTokens", () => {
  it("is participants x non-blank questions x 50/150/300", () => {
    expect(estimateTokens(3, ["a", "b", " "], "brief")).toBe(300);
    expect(estimateTokens(4, ["a", "b", "c"], "moderate")).toBe(1800);
    expect(estimateTokens(8, Array(10).fill("q"), "detailed")).toBe(24000);
    expect(estimateTokens(0, ["a"], "moderate")).toBe(0);
    expect(formatTokenEstimate(1800)).toBe("~1,800 tokens");
    expect(formatTokenEstimate(0)).toBe("~0 tokens");
  });
});

describe("canStartSession", () => {
  const ok = { name: "Test", participantIds: ids(3), questions: ["a", "b", ""] };

  it("needs a non-blank name, 3-8 personas and 2 non-blank questions", () => {
    expect(canStartSession(ok)).toBe(true);
    expect(canStartSession({ ...ok, name: "   " })).toBe(false);
    expect(canStartSession({ ...ok, participantIds: ids(2) })).toBe(false);
    expect(canStartSession({ ...ok, participantIds: ids(8) })).toBe(true);
    expect(canStartSession({ ...ok, participantIds: ids(9) })).toBe(false);
    expect(canStartSession({ ...ok, questions: ["a", "  ", ""] })).toBe(false);
  });
});

describe("request and draft", () => {
  const values = {
    ...defaultFormValues(),
    name: "  Packaging  ",
    description: " Why ",
    participantIds: ["p2", "p1", "p3"],
    questions: [" First? ", "", "Second?"],
    responseLength: "brief" as const,
  };

  it("builds the create request with trimmed, non-blank questions", () => {
    expect(toCreateInput(values)).toEqual({
      name: "Packaging",
      description: "Why",
      participantIds: ["p2", "p1", "p3"],
      moderatorStyle: "formal",
      stimuli: [],
      questions: ["First?", "Second?"],
      settings: {
        responseLength: "brief",
        discussionMode: "sequential",
        autoAdvance: false,
        moderator: "scripted",
        privateAnswers: false,
        modelBids: false,
      },
    });
  });

  it("autosaves only while a name or participants exist", () => {
    expect(shouldAutosave({ name: "", participantIds: [] })).toBe(false);
    expect(shouldAutosave({ name: " ", participantIds: [] })).toBe(false);
    expect(shouldAutosave({ name: "x", participantIds: [] })).toBe(true);
    expect(shouldAutosave({ name: "", participantIds: ["p1"] })).toBe(true);
  });

  it("round-trips through the draft (status draft, responseLength at top level)", () => {
    const draft = toDraft(values);
    expect(draft.status).toBe("draft");
    expect(draft.responseLength).toBe("brief");
    expect(formValuesFromDraft(JSON.parse(JSON.stringify(draft)))).toEqual(values);
  });

  it("reads malformed drafts leniently", () => {
    expect(formValuesFromDraft(null)).toBeNull();
    expect(formValuesFromDraft([1, 2])).toBeNull();
    const values = formValuesFromDraft({
      name: 5,
      participantIds: ["p1", "p1", 3, "p2"],
      moderatorStyle: "shouty",
      questions: ["only one"],
      stimuli: [{ type: "text", title: "T", content: "C" }, { type: "bogus" }, null],
      settings: { responseLength: "detailed" },
    });
    expect(values).toMatchObject({
      name: "",
      participantIds: ["p1", "p2"],
      moderatorStyle: "formal",
      questions: ["", "", ""],
      responseLength: "detailed",
      discussionMode: "sequential",
    });
    expect(values?.stimuli).toHaveLength(1);
  });
});

describe("natural mode and private answers", () => {
  it("sends privateAnswers, and modelBids only in natural mode, and keeps them in the draft", () => {
    const values = {
      ...defaultFormValues(),
      name: "N",
      participantIds: ["p1", "p2", "p3"],
      questions: ["A?", "B?"],
      privateAnswers: true,
      modelBids: true,
    };
    expect(toCreateInput(values).settings).toMatchObject({
      privateAnswers: true,
      modelBids: false,
    });
    const natural = { ...values, discussionMode: "natural" as const };
    expect(toCreateInput(natural).settings).toMatchObject({
      discussionMode: "natural",
      privateAnswers: true,
      modelBids: true,
    });
    const restored = formValuesFromDraft(toDraft(natural));
    expect(restored).toMatchObject({
      discussionMode: "natural",
      privateAnswers: true,
      modelBids: true,
    });
  });
});

describe("prompt layout", () => {
  it("sends promptLayout only when chosen and not in natural mode, and keeps it in the draft", () => {
    const values = {
      ...defaultFormValues(),
      name: "C",
      participantIds: ["p1", "p2", "p3"],
      questions: ["A?", "B?"],
    };
    expect(toCreateInput(values).settings).not.toHaveProperty("promptLayout");
    const chosen = { ...values, cacheFriendly: true };
    expect(toCreateInput(chosen).settings).toMatchObject({ promptLayout: "cache-friendly" });
    const natural = { ...chosen, discussionMode: "natural" as const };
    expect(toCreateInput(natural).settings).not.toHaveProperty("promptLayout");
    expect(toDraft(chosen).promptLayout).toBe("cache-friendly");
    expect(formValuesFromDraft(toDraft(chosen))?.cacheFriendly).toBe(true);
    expect(formValuesFromDraft(toDraft(values))?.cacheFriendly).toBeUndefined();
    // A duplicated session's settings carry it too.
    const dup = formValuesFromDraft({ settings: { promptLayout: "cache-friendly" } });
    expect(dup?.cacheFriendly).toBe(true);
  });
});

describe("mixed panel in the draft", () => {
  it("keeps participantProfiles through the draft, for selected participants only", () => {
    const values = {
      ...defaultFormValues(),
      name: "M",
      participantIds: ["p1", "p2", "p3"],
      participantProfiles: { p1: "a", p2: "", p9: "b" },
    };
    const draft = toDraft(values);
    expect(draft.participantProfiles).toEqual({ p1: "a" });
    expect(formValuesFromDraft(JSON.parse(JSON.stringify(draft)))?.participantProfiles).toEqual({
      p1: "a",
    });
    expect("participantProfiles" in toDraft({ ...values, participantProfiles: {} })).toBe(false);
  });

  it("reads profiles from a draft or a guide's settings leniently", () => {
    const read = (d: object) =>
      formValuesFromDraft({ participantIds: ["p1", "p2"], ...d })?.participantProfiles;
    expect(read({ settings: { participantProfiles: { p2: "x", p7: "y" } } })).toEqual({ p2: "x" });
    expect(read({ participantProfiles: { p1: 5, p2: "z" } })).toEqual({ p2: "z" });
    expect(read({ participantProfiles: ["p1"] })).toEqual({});
    expect(read({})).toEqual({});
  });
});

describe("an interview's form", () => {
  it("keeps one persona, 1-30 rows, and sends kind and maxProbes without group settings", async () => {
    const m = await import("./session-form");
    const group = { ...m.defaultFormValues(), name: "Pouch", participantIds: ["a", "b", "c"] };
    const interview = m.withKind({ ...group, questions: ["Why?", "", ""] }, "interview");
    expect(interview.participantIds).toEqual(["a"]);
    expect(m.toggleParticipant(["a"], "b", "interview")).toEqual(["b"]);
    expect(m.canStartSession(interview)).toBe(true); // one persona, one question
    expect(m.canStartSession({ ...interview, participantIds: [] })).toBe(false);
    const rows = Array.from({ length: 30 }, () => "q");
    expect(m.addQuestionRow(rows, m.questionLimits("interview").max)).toHaveLength(30);
    expect(m.removeQuestionRow(["q"], 0, 1)).toEqual(["q"]);
    const input = m.toCreateInput({
      ...interview,
      discussionMode: "natural",
      privateAnswers: true,
      maxProbes: 3,
    });
    expect(input.kind).toBe("interview");
    expect(input.questions).toEqual(["Why?"]);
    expect(input.settings).toMatchObject({
      discussionMode: "sequential",
      privateAnswers: false,
      modelBids: false,
      maxProbes: 3,
    });
    // Back to a group: at least 2 rows, the kind and the persona kept.
    const back = m.withKind(interview, "group");
    expect(back.questions).toEqual(["Why?", "", ""]);
    expect(m.formValuesFromDraft(m.toDraft(interview))?.kind).toBe("interview");
  });
});
