import { participantProfiles, spreadAcross, withParticipantProfiles } from "./participant-models";

describe("mixed panels", () => {
  it("deals the participants over the profiles in turn, the default left out", () => {
    expect(spreadAcross(["a", "b", "c", "d", "e"], ["x", "y"])).toEqual({
      a: "x",
      b: "y",
      c: "x",
      d: "y",
      e: "x",
    });
    expect(spreadAcross(["a", "b", "c"], ["", "y"])).toEqual({ b: "y" });
    expect(spreadAcross(["a", "b"], [])).toEqual({});
  });

  it("sends only selected participants with a named profile", () => {
    expect(participantProfiles({ a: "x", b: "", gone: "y" }, ["a", "b"])).toEqual({ a: "x" });
  });

  it("adds the choice to the create body's settings, or leaves the body as it is", () => {
    const input = { participantIds: ["a", "b"], settings: { responseLength: "brief" } };
    expect(withParticipantProfiles(input, { b: "y" })).toEqual({
      participantIds: ["a", "b"],
      settings: { responseLength: "brief", participantProfiles: { b: "y" } },
    });
    expect(withParticipantProfiles(input, { a: "" })).toBe(input);
  });
});
