import { UploadIcon } from "lucide-react";
import { useId, useState } from "react";
import { useNavigate } from "react-router";
import { paths } from "@/config/paths";
import { Button } from "@/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from "@/components/ui/dialog";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { errorMessage } from "@/lib/api-client";
import { useImportHumanSession, usePreviewHumanSession } from "../api/import-human-session";
import { QuestionStarts } from "./question-starts";

/** "Import a real focus group": a transcript (TXT, DOCX, PDF, JSON or CSV) previewed, then
 * saved as a completed session of people, judged by the same analytics and health report. */
export function ImportHumanDialog({ defaultOpen = false }: { defaultOpen?: boolean }) {
  const navigate = useNavigate();
  const ids = { file: useId(), name: useId(), moderator: useId() };
  const [open, setOpen] = useState(defaultOpen);
  const [file, setFile] = useState<File | null>(null);
  const [name, setName] = useState("");
  const [moderator, setModerator] = useState("");
  // A focus group, or a one-to-one interview (two speakers, docs/interviews.md).
  const [kind, setKind] = useState<"group" | "interview">("group");
  const interview = kind === "interview";
  const preview = usePreviewHumanSession();
  const save = useImportHumanSession();
  // The question-opening moderator turns as the researcher corrected them (null: as found).
  const [starts, setStarts] = useState<Set<number> | null>(null);
  const found = new Set(
    (preview.data?.moderatorTurns ?? []).filter((t) => t.opensQuestion).map((t) => t.turn),
  );
  const chosen = starts ?? found;
  const input = file ? { file, name, moderator, kind } : null;
  const changed = () => {
    preview.reset();
    save.reset();
    setStarts(null);
  };
  const error = preview.error ?? save.error;
  const questionCount = preview.data?.moderatorTurns?.length
    ? chosen.size
    : (preview.data?.questions.length ?? 0);
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) {
          setFile(null);
          setName("");
          setModerator("");
          setKind("group");
          changed();
        }
      }}
    >
      <DialogTrigger asChild>
        <ImportHumanButton />
      </DialogTrigger>
      <DialogContent className="max-w-lg">
        <DialogHeader>
          <DialogTitle>Import a real focus group</DialogTitle>
          <DialogDescription>
            A transcript with one &quot;Speaker: text&quot; turn per line (TXT, DOCX or PDF), or
            JSON/CSV with speaker and content. It becomes a completed session marked &quot;Human
            group&quot;, or, for an interview, &quot;Human interview&quot;.
          </DialogDescription>
        </DialogHeader>
        <form
          className="space-y-3"
          onSubmit={(e) => {
            e.preventDefault();
            if (input) preview.mutate(input);
          }}
        >
          <fieldset className="space-y-1">
            <legend className="text-sm font-medium">What it is</legend>
            <div className="flex flex-wrap gap-x-4 gap-y-1 text-sm">
              <label className="flex items-center gap-2">
                <input
                  type="radio"
                  name="import-kind"
                  checked={!interview}
                  onChange={() => {
                    setKind("group");
                    changed();
                  }}
                />
                Focus group
              </label>
              <label className="flex items-center gap-2">
                <input
                  type="radio"
                  name="import-kind"
                  checked={interview}
                  onChange={() => {
                    setKind("interview");
                    changed();
                  }}
                />
                Interview (two speakers)
              </label>
            </div>
          </fieldset>
          <div className="space-y-1">
            <Label htmlFor={ids.file}>Transcript</Label>
            <input
              id={ids.file}
              type="file"
              accept=".txt,.md,.docx,.pdf,.json,.csv"
              className="block text-sm"
              onChange={(e) => {
                setFile(e.target.files?.[0] ?? null);
                changed();
              }}
            />
          </div>
          <div className="grid gap-3 sm:grid-cols-2">
            <div className="space-y-1">
              <Label htmlFor={ids.name}>Name (optional)</Label>
              <Input
                id={ids.name}
                value={name}
                maxLength={200}
                onChange={(e) => {
                  setName(e.target.value);
                  changed();
                }}
              />
            </div>
            <div className="space-y-1">
              <Label htmlFor={ids.moderator}>
                {interview ? "Interviewer's name (optional)" : "Moderator's name (optional)"}
              </Label>
              <Input
                id={ids.moderator}
                value={moderator}
                maxLength={100}
                placeholder={interview ? "Else: the one who asks" : "Moderator, Interviewer…"}
                onChange={(e) => {
                  setModerator(e.target.value);
                  changed();
                }}
              />
            </div>
          </div>
          {error ? (
            <p role="alert" className="text-sm text-destructive">
              {errorMessage(error, "Could not read the transcript")}
            </p>
          ) : null}
          {preview.data ? (
            <div className="space-y-2 rounded-md border p-3 text-sm" aria-label="Preview">
              <p>
                {preview.data.turns} turns · {interview ? "interviewer" : "moderator"}:{" "}
                {preview.data.moderator ?? "none found"} · {questionCount}{" "}
                {interview ? "topic" : "question"}
                {questionCount === 1 ? "" : "s"}
              </p>
              <ul className="grid gap-1">
                {preview.data.speakers.map((s) => (
                  <li key={s.name} className="flex justify-between tabular-nums">
                    <span>{s.name}</span>
                    <span className="text-muted-foreground">
                      {s.turns} turns, {s.words} words
                      {s.backchannels
                        ? `, ${s.backchannels} interjection${s.backchannels === 1 ? "" : "s"}`
                        : ""}
                    </span>
                  </li>
                ))}
              </ul>
              {preview.data.moderatorTurns?.length ? (
                <QuestionStarts
                  turns={preview.data.moderatorTurns}
                  starts={chosen}
                  onChange={(next) => {
                    setStarts(next);
                    save.reset();
                  }}
                />
              ) : null}
            </div>
          ) : null}
          <DialogFooter>
            {preview.data ? (
              <Button
                type="button"
                disabled={!input || save.isPending}
                onClick={() =>
                  input &&
                  save.mutate(
                    starts
                      ? { ...input, questionStarts: [...starts].sort((a, b) => a - b) }
                      : input,
                    {
                      onSuccess: (saved) =>
                        saved.id && navigate(paths.sessionResults.getHref(saved.id)),
                    },
                  )
                }
              >
                {save.isPending
                  ? "Saving…"
                  : interview
                    ? "Save as a human interview"
                    : "Save as a human group"}
              </Button>
            ) : (
              <Button type="submit" disabled={!input || preview.isPending}>
                {preview.isPending ? "Reading…" : "Preview"}
              </Button>
            )}
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

/** The dialog's button; the dashboard shows it before the dialog's code has loaded. */
export function ImportHumanButton(props: React.ComponentProps<typeof Button>) {
  return (
    <Button variant="outline" {...props}>
      <UploadIcon aria-hidden="true" />
      Import a real focus group
    </Button>
  );
}
