import { describe, expect, it } from "vitest";
import type { Session, SessionMessage } from "@/lib/api-types";
import { splitPrivate } from "./private-answers";

const msg = (id: string, kind: string) => ({ id, kind }) as unknown as SessionMessage;

describe("splitPrivate", () => {
  it("keeps private answers out of the messages every screen shows", () => {
    const session = {
      id: "s1",
      messages: [
        msg("a", "private_before"),
        msg("b", "question"),
        msg("c", "response"),
        msg("d", "private_after"),
      ],
    } as unknown as Session;
    const view = splitPrivate(session);
    expect(view.messages.map((m) => m.id)).toEqual(["b", "c"]);
    expect(view.privateAnswers.map((m) => m.id)).toEqual(["a", "d"]);
    expect(session.messages).toHaveLength(4); // the cache itself is untouched
  });

  it("leaves a session without private answers as it is", () => {
    const session = { id: "s2", messages: [msg("b", "question")] } as unknown as Session;
    const view = splitPrivate(session);
    expect(view.messages).toBe(session.messages);
    expect(view.privateAnswers).toEqual([]);
  });
});
