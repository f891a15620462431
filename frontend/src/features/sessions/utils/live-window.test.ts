import { describe, expect, it } from "vitest";
import type { SessionHeader } from "@/lib/api-types";
import { makeMessage, makeSession } from "@/features/sessions/testing/fixtures";
import { liveModels, liveSession, liveUsage, withEarlier } from "./live-window";

const usage = (cost: number) => ({
  promptTokens: 10,
  completionTokens: 2,
  cachedTokens: 0,
  costUsd: cost,
});
// Five answers, $1, $2, ... $5; the first two on model m-a, the rest on m-b.
const messages = [1, 2, 3, 4, 5].map((n) =>
  makeMessage({
    id: `a${n}`,
    kind: "response",
    personaId: n % 2 ? "p1" : "p2",
    participantIndex: n % 2 ? 0 : 1,
    round: n,
    model: n <= 2 ? "m-a" : "m-b",
    usage: usage(n),
  }),
);
// What the header says of them: p1 wrote 1, 3, 5 (latest on m-b), p2 2 and 4 (m-b); the
// usage is their sum (5 x 10 prompt tokens, 5 x 2 completion, $15).
const { messages: _all, ...fields } = makeSession({ messages });
const header: SessionHeader = {
  ...fields,
  usage: { promptTokens: 50, completionTokens: 10, cachedTokens: 0, costUsd: 15 },
  messageCount: 5,
  answerCount: 5,
  responseCounts: { p1: 3, p2: 2 },
  answerModels: ["m-a", "m-b"],
  latestModels: { p1: "m-b", p2: "m-b" },
  privateAnswers: [],
};

describe("the live window", () => {
  it("starts from the newest messages and counts the rest as earlier", () => {
    const live = liveSession(header, messages.slice(3), "3");
    expect(live.messages.map((m) => m.id)).toEqual(["a4", "a5"]);
    expect(live.earlier?.count).toBe(3);
    // 15 - (4 + 5) held: $6 and 30 prompt tokens are the earlier ones'
    expect(live.earlier?.usage).toEqual({
      promptTokens: 30,
      completionTokens: 6,
      cachedTokens: 0,
      costUsd: 6,
    });
    expect(liveUsage(live)).toEqual(header.usage);
    // m-a wrote the earlier answers only: still a mixed panel; p2's latest is a4 on m-b
    expect(liveModels(live)).toEqual(
      new Map([
        ["p1", "m-b"],
        ["p2", "m-b"],
      ]),
    );
  });

  it("puts an earlier page in front and keeps the usage whole", () => {
    const live = liveSession(header, messages.slice(3), "3");
    const more = withEarlier(live, messages.slice(1, 3), "1");
    expect(more.messages.map((m) => m.id)).toEqual(["a2", "a3", "a4", "a5"]);
    expect(more.earlier?.count).toBe(1);
    expect(more.earlier?.cursor).toBe("1");
    expect(liveUsage(more)).toEqual(header.usage);
    const all = withEarlier(more, messages.slice(0, 1), null);
    expect(all.earlier?.count).toBe(0);
    expect(all.earlier?.usage.costUsd).toBe(0);
  });
});
