import { ApiError, errorMessage } from "@/lib/api-client";
import type { SessionMessage } from "@/lib/api-types";
import { isModerator } from "./transcript";

export type BadgeVariant = "default" | "secondary" | "destructive" | "accent" | "outline";

/** product-rules §2 AI Insights: destructive for high, default for medium, otherwise secondary. */
export function priorityBadgeVariant(priority: string | null | undefined): BadgeVariant {
  const p = (priority ?? "").trim().toLowerCase();
  if (p === "high") return "destructive";
  if (p === "medium") return "default";
  return "secondary";
}

export const NO_DATA_TITLE = "No data to analyze";
export const NO_DATA_TEXT = "This session has no messages to analyze.";
export const SUCCESS_TITLE = "Analysis complete";
export const SUCCESS_TEXT = "Session insights have been generated successfully.";
export const FAILURE_TITLE = "Analysis failed";
export const FAILURE_FALLBACK = "Failed to generate insights";

/** Insights need at least one participant answer (moderator questions alone are no data). */
export function hasDataToAnalyze(
  messages: readonly Pick<SessionMessage, "speaker" | "personaId">[],
): boolean {
  return messages.some((m) => !isModerator(m));
}

export interface ToastText {
  title: string;
  description: string;
}

/** The toast for a failed generation: the server's 'No data to analyze' answer keeps its own title. */
export function insightsErrorToast(error: unknown): ToastText {
  if (error instanceof ApiError && error.error === NO_DATA_TITLE) {
    return { title: NO_DATA_TITLE, description: NO_DATA_TEXT };
  }
  return { title: FAILURE_TITLE, description: errorMessage(error, FAILURE_FALLBACK) };
}

/** 'high' -> 'High', for badges. */
export function capitalise(text: string | null | undefined): string {
  const t = (text ?? "").trim();
  return t.charAt(0).toUpperCase() + t.slice(1);
}
