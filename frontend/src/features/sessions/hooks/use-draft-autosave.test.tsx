import { QueryClientProvider } from "@tanstack/react-query";
import { act, renderHook } from "@testing-library/react";
import type { ReactNode } from "react";
import { createTestQueryClient, jsonResponse, mockFetch } from "@/test/render";
import {
  defaultFormValues,
  formValuesFromDraft,
  type SessionFormValues,
} from "../utils/session-form";
import { useDraftAutosave } from "./use-draft-autosave";

function wrapper({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={createTestQueryClient()}>{children}</QueryClientProvider>;
}

describe("useDraftAutosave and a mixed panel", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("saves each participant's model profile in the draft, and a change of profile is saved again", async () => {
    const saved: unknown[] = [];
    mockFetch((url, init) => {
      if (url.endsWith("/api/draft") && init?.method === "PUT") {
        saved.push(JSON.parse(String(init.body)));
        return jsonResponse({ data: saved.at(-1), updatedAt: "2026-01-01T00:00:00Z" });
      }
      return undefined;
    });
    const values: SessionFormValues = {
      ...defaultFormValues(),
      name: "Mixed",
      participantIds: ["p1", "p2", "p3"],
      participantProfiles: { p1: "prof-a", p3: "prof-b", gone: "prof-c" },
    };
    const { result, rerender } = renderHook(({ v }) => useDraftAutosave(v, null), {
      wrapper,
      initialProps: { v: values },
    });
    await act(() => result.current.flush());
    expect(saved).toHaveLength(1);
    // Only selected participants are kept; p2 (default model) is not named.
    expect(saved[0]).toMatchObject({
      name: "Mixed",
      participantProfiles: { p1: "prof-a", p3: "prof-b" },
    });
    expect(formValuesFromDraft(saved[0])?.participantProfiles).toEqual({
      p1: "prof-a",
      p3: "prof-b",
    });

    await act(() => result.current.flush()); // nothing changed: no second save
    expect(saved).toHaveLength(1);

    rerender({ v: { ...values, participantProfiles: { p1: "prof-a", p2: "prof-b" } } });
    await act(() => result.current.flush());
    expect(saved).toHaveLength(2);
    expect((saved[1] as { participantProfiles: unknown }).participantProfiles).toEqual({
      p1: "prof-a",
      p2: "prof-b",
    });
  });
});
