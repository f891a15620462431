/** Generation errors of product-rules §8: the hint in the error box and the toast to show. */

export const MSG_STOPPED = "Session stopped by user";

export type GenerationErrorKind = "rate-limit" | "credits" | "timeout" | "stopped" | "other";

export interface GenerationError {
  status?: number | null;
  message: string;
}

export function generationErrorKind(error: GenerationError): GenerationErrorKind {
  const message = error.message ?? "";
  if (message === MSG_STOPPED) return "stopped";
  if (message.includes("429") || error.status === 429) return "rate-limit";
  if (message.includes("402") || error.status === 402) return "credits";
  if (/timeout/i.test(message) || error.status === 408 || error.status === 504) return "timeout";
  return "other";
}

/** The hint under the message in the error box, or null. */
export function generationErrorHint(error: GenerationError): string | null {
  switch (generationErrorKind(error)) {
    case "rate-limit":
      return "Too many requests. Please wait a moment.";
    case "credits":
      return "Credits depleted. Please add credits to continue.";
    case "timeout":
      return "The AI took too long to respond. Please try again.";
    default:
      return null;
  }
}

export interface ToastSpec {
  variant: "error" | "info";
  title: string;
  description?: string;
}

/** The toast for an error as it happens. */
export function generationErrorToast(error: GenerationError): ToastSpec {
  switch (generationErrorKind(error)) {
    case "rate-limit":
      return {
        variant: "error",
        title: "Rate Limit Exceeded",
        description: "Too many requests. Please wait before retrying.",
      };
    case "credits":
      return {
        variant: "error",
        title: "Credits Depleted",
        description: "Please add credits to continue.",
      };
    case "timeout":
      return {
        variant: "error",
        title: "Request Timeout",
        description: "The AI took too long to respond.",
      };
    case "stopped":
      return { variant: "info", title: MSG_STOPPED };
    default:
      return {
        variant: "error",
        title: "Failed to generate response",
        description:
          error.message && error.message !== "Failed to generate response"
            ? error.message
            : undefined,
      };
  }
}
