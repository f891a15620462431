import { useMutation } from "@tanstack/react-query";
import { FileUpIcon, Loader2Icon } from "lucide-react";
import { useRef } from "react";
import { Button } from "@/components/ui/button";
import { ApiError, errorMessage } from "@/lib/api-client";
import { fileText, GUIDE_ACCEPT, GUIDE_MAX_BYTES, type GuideForm, readGuide } from "@/utils/guides";

export const MSG_GUIDE_TOO_LARGE = "The guide is larger than 1 MB";

export interface StartFromGuideProps {
  /** The guide was read: its setup for the form, and what the form cannot hold. */
  onLoaded: (form: GuideForm, filename: string) => void;
  /** The guide has problems (each names its line and field). */
  onProblems: (problems: string[], filename: string) => void;
}

async function readFile(file: File): Promise<GuideForm> {
  if (file.size > GUIDE_MAX_BYTES)
    throw new ApiError(422, MSG_GUIDE_TOO_LARGE, [MSG_GUIDE_TOO_LARGE]);
  return readGuide(await fileText(file));
}

/** "Start from a guide": upload a YAML or JSON guide file to fill the create form. */
export function StartFromGuide({ onLoaded, onProblems }: StartFromGuideProps) {
  const input = useRef<HTMLInputElement>(null);
  const read = useMutation({
    mutationFn: readFile,
    onSuccess: (form, file) => onLoaded(form, file.name),
    onError: (error, file) =>
      onProblems(
        error instanceof ApiError && error.errors.length > 0
          ? error.errors
          : [errorMessage(error, "Could not read the guide")],
        file.name,
      ),
  });
  return (
    <>
      <input
        ref={input}
        type="file"
        accept={GUIDE_ACCEPT}
        className="sr-only"
        tabIndex={-1}
        aria-label="Guide file"
        data-testid="guide-file"
        onChange={(e) => {
          const file = e.target.files?.[0];
          e.target.value = "";
          if (file) read.mutate(file);
        }}
      />
      <Button
        type="button"
        variant="outline"
        disabled={read.isPending}
        onClick={() => input.current?.click()}
      >
        {read.isPending ? (
          <Loader2Icon className="animate-spin" aria-hidden="true" />
        ) : (
          <FileUpIcon aria-hidden="true" />
        )}
        Start from a guide
      </Button>
    </>
  );
}

export interface GuideMessagesProps {
  filename: string;
  problems: readonly string[];
  notes: readonly string[];
  onDismiss: () => void;
}

/** What reading a guide said: its problems (nothing was filled in) or notes. */
export function GuideMessages({ filename, problems, notes, onDismiss }: GuideMessagesProps) {
  if (problems.length === 0 && notes.length === 0) return null;
  const failed = problems.length > 0;
  return (
    <div
      role={failed ? "alert" : "status"}
      className={
        failed
          ? "mb-6 rounded-lg border border-destructive/40 bg-destructive/5 p-4 text-sm"
          : "mb-6 rounded-lg border bg-accent/40 p-4 text-sm"
      }
      data-testid="guide-messages"
    >
      <div className="flex items-start justify-between gap-4">
        <p className="font-medium">
          {failed
            ? `${filename} was not used: fix these and upload it again`
            : `Filled in from ${filename}`}
        </p>
        <Button type="button" variant="ghost" size="sm" onClick={onDismiss}>
          Dismiss
        </Button>
      </div>
      <ul className="mt-2 list-disc space-y-1 pl-5 font-mono text-xs">
        {(failed ? problems : notes).map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
    </div>
  );
}
