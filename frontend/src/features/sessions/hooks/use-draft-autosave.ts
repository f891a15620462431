import { useCallback, useEffect, useRef } from "react";
import { toast } from "sonner";
import { errorMessage } from "@/lib/api-client";
import { useClearDraft } from "../api/clear-draft";
import { saveDraftOnExit, useSaveDraft } from "../api/save-draft";
import {
  AUTOSAVE_MS,
  type SessionFormValues,
  shouldAutosave,
  toDraft,
} from "../utils/session-form";

const STORAGE_ERROR_MS = 5000;

/**
 * Autosaves the create form to /api/draft every 5 s while a name or participants exist
 * (product-rules §4), only when something changed; also when the form is left (navigation, reload).
 * A form emptied after a save clears the stored draft. `stop()` ends autosaving for good
 * (Start Session clears the draft and must not be overwritten afterwards).
 */
export function useDraftAutosave(values: SessionFormValues, restored: SessionFormValues | null) {
  const valuesRef = useRef(values);
  valuesRef.current = values;
  // What the server holds now: the serialized draft, or null for none.
  const savedRef = useRef<string | null>(restored ? JSON.stringify(toDraft(restored)) : null);
  const stoppedRef = useRef(false);
  const failingRef = useRef(false);
  const { mutateAsync: saveDraft } = useSaveDraft();
  const { mutateAsync: clearDraft } = useClearDraft();

  const pending = useCallback((): { kind: "save"; json: string } | { kind: "clear" } | null => {
    const current = valuesRef.current;
    if (!shouldAutosave(current)) return savedRef.current !== null ? { kind: "clear" } : null;
    const json = JSON.stringify(toDraft(current));
    return json === savedRef.current ? null : { kind: "save", json };
  }, []);

  const flush = useCallback(async () => {
    if (stoppedRef.current) return;
    const next = pending();
    if (!next) return;
    const previous = savedRef.current;
    savedRef.current = next.kind === "save" ? next.json : null;
    try {
      if (next.kind === "save") await saveDraft(JSON.parse(next.json));
      else await clearDraft();
      failingRef.current = false;
    } catch (error) {
      savedRef.current = previous;
      if (!failingRef.current) {
        failingRef.current = true;
        toast.error(`Storage error: ${errorMessage(error, "Could not save the draft")}`, {
          duration: STORAGE_ERROR_MS,
        });
      }
    }
  }, [pending, saveDraft, clearDraft]);

  useEffect(() => {
    const timer = window.setInterval(() => void flush(), AUTOSAVE_MS);
    const onPageHide = () => {
      if (stoppedRef.current) return;
      const next = pending();
      if (next?.kind === "save") {
        savedRef.current = next.json;
        saveDraftOnExit(JSON.parse(next.json));
      }
    };
    window.addEventListener("pagehide", onPageHide);
    return () => {
      window.clearInterval(timer);
      window.removeEventListener("pagehide", onPageHide);
      void flush(); // leaving the form inside the app
    };
  }, [flush, pending]);

  const stop = useCallback(() => {
    stoppedRef.current = true;
  }, []);

  return { stop, flush };
}
