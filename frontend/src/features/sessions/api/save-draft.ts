import { mutationOptions, useMutation } from "@tanstack/react-query";
import { client, unwrap } from "@/lib/api-client";
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
    void client.PUT("/api/draft", { body: draft, keepalive: true }).catch(() => {});
  } catch {
    // The page is going away; nothing to report to.
  }
}

export const saveDraftMutationOptions = () =>
  mutationOptions({ mutationKey: ["draft", "save"], mutationFn: saveDraft });

export function useSaveDraft() {
  return useMutation(saveDraftMutationOptions());
}
