import { mutationOptions, useMutation } from "@tanstack/react-query";
import { API_BASE, client, unwrap } from "@/lib/api-client";
import type { DraftResponse, SessionDraft } from "@/lib/api-types";

export function saveDraft(draft: SessionDraft): Promise<DraftResponse> {
  return unwrap(client.PUT("/api/draft", { body: draft }));
}

/**
 * Saves the draft while the page is being left (reload, tab closed): `keepalive` lets the
 * request outlive the page. Best effort, errors are ignored.
 */
export function saveDraftOnExit(draft: SessionDraft): void {
  try {
    // Plain fetch: nothing is read back, and the client's 401 redirect must not catch the
    // navigation that is leaving the page.
    void fetch(`${API_BASE}/draft`, {
      method: "PUT",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(draft),
      keepalive: true,
    }).catch(() => {});
  } catch {
    // The page is going away; nothing to report to.
  }
}

export const saveDraftMutationOptions = () =>
  mutationOptions({ mutationKey: ["draft", "save"], mutationFn: saveDraft });

export function useSaveDraft() {
  return useMutation(saveDraftMutationOptions());
}
