import { AlertTriangleIcon, LogOutIcon, RotateCwIcon } from "lucide-react";
import { Button } from "@/components/ui/button";
import { type GenerationError, generationErrorHint } from "../utils/generation-error";

export interface GenerationErrorBoxProps {
  error: GenerationError;
  retrying: boolean;
  onRetry: () => void;
  onExit: () => void;
}

/** The error box of the conversation (product-rules §2, §8): message, hint, Retry and Exit Session. */
export function GenerationErrorBox({ error, retrying, onRetry, onExit }: GenerationErrorBoxProps) {
  const hint = generationErrorHint(error);
  return (
    <div
      role="alert"
      data-testid="generation-error"
      className="flex flex-col gap-3 rounded-lg border border-destructive/30 bg-destructive/5 p-4 sm:flex-row sm:items-center"
    >
      <AlertTriangleIcon className="size-5 shrink-0 text-destructive" aria-hidden="true" />
      <div className="min-w-0 flex-1 space-y-0.5">
        <p className="text-sm font-medium text-destructive" data-testid="generation-error-message">
          {error.message}
        </p>
        {hint && (
          <p className="text-sm text-muted-foreground" data-testid="generation-error-hint">
            {hint}
          </p>
        )}
      </div>
      <div className="flex shrink-0 gap-2">
        <Button size="sm" onClick={onRetry} disabled={retrying}>
          <RotateCwIcon className={retrying ? "animate-spin" : undefined} aria-hidden="true" />
          Retry
        </Button>
        <Button size="sm" variant="outline" onClick={onExit}>
          <LogOutIcon aria-hidden="true" />
          Exit Session
        </Button>
      </div>
    </div>
  );
}
