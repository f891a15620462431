import { Loader2Icon, MicIcon } from "lucide-react";
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
} from "@/components/ui/dialog";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Textarea } from "@/components/ui/textarea";
import { errorMessage } from "@/lib/api-client";
import { guideLines, useCreateFollowUpInterview } from "../api/follow-up-interview";

export interface FollowUpDialogProps {
  groupId: string;
  participant: { id: string; name: string };
  /** Another participant's name, for the example question. */
  otherName?: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

const MAX_PROBES = 5;

/** "Interview <participant>": the guide, the interviewer and its follow-ups; creates the
 * follow-up interview and opens its live view, which runs it (docs/interviews.md). */
export function FollowUpDialog({
  groupId,
  participant,
  otherName,
  open,
  onOpenChange,
}: FollowUpDialogProps) {
  const ids = { guide: useId(), probes: useId(), hint: useId() };
  const navigate = useNavigate();
  const create = useCreateFollowUpInterview(groupId);
  const [guide, setGuide] = useState("");
  const [interviewer, setInterviewer] = useState<"ai" | "scripted">("ai");
  const [maxProbes, setMaxProbes] = useState("2");
  const questions = guideLines(guide);
  const example = `Why did you change your mind after ${otherName ?? "the others"}'s point?`;

  const submit = () => {
    const probes = Number(maxProbes);
    create.mutate(
      {
        participantId: participant.id,
        questions,
        interviewer,
        maxProbes: interviewer === "ai" && maxProbes.trim() !== "" ? probes : null,
      },
      {
        onSuccess: (interview) => {
          onOpenChange(false);
          void navigate(paths.session.getHref(interview.id));
        },
      },
    );
  };

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next) create.reset();
        onOpenChange(next);
      }}
    >
      <DialogContent className="max-h-[90vh] overflow-y-auto sm:max-w-lg">
        <DialogHeader>
          <DialogTitle>Interview {participant.name}</DialogTitle>
          <DialogDescription>
            A one-to-one follow-up interview. {participant.name} remembers this focus group: their
            own words, what the others said (shortened when long) and their private answers.
          </DialogDescription>
        </DialogHeader>
        <form
          className="space-y-4"
          onSubmit={(e) => {
            e.preventDefault();
            submit();
          }}
        >
          <div className="space-y-1">
            <Label htmlFor={ids.guide}>Questions or topics (one per line)</Label>
            <Textarea
              id={ids.guide}
              value={guide}
              aria-describedby={ids.hint}
              placeholder={example}
              onChange={(e) => {
                setGuide(e.target.value);
                create.reset();
              }}
            />
            <p id={ids.hint} className="text-xs text-muted-foreground">
              {questions.length} of at most 30 · e.g. &quot;{example}&quot;
            </p>
          </div>
          <fieldset className="space-y-1">
            <legend className="text-sm font-medium">Interviewer</legend>
            <label className="flex items-center gap-2 text-sm">
              <input
                type="radio"
                name="follow-up-interviewer"
                checked={interviewer === "ai"}
                onChange={() => setInterviewer("ai")}
              />
              AI interviewer (asks each question, then follows up on the answers)
            </label>
            <label className="flex items-center gap-2 text-sm">
              <input
                type="radio"
                name="follow-up-interviewer"
                checked={interviewer === "scripted"}
                onChange={() => setInterviewer("scripted")}
              />
              Scripted (asks the questions as written)
            </label>
          </fieldset>
          {interviewer === "ai" && (
            <div className="space-y-1">
              <Label htmlFor={ids.probes}>Follow-ups per question (0-{MAX_PROBES})</Label>
              <Input
                id={ids.probes}
                type="number"
                min={0}
                max={MAX_PROBES}
                className="w-24"
                value={maxProbes}
                onChange={(e) => {
                  setMaxProbes(e.target.value);
                  create.reset();
                }}
              />
            </div>
          )}
          {create.error ? (
            <p role="alert" className="text-sm text-destructive">
              {errorMessage(create.error, "Could not create the interview")}
            </p>
          ) : null}
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={questions.length === 0 || create.isPending}>
              {create.isPending ? (
                <Loader2Icon className="animate-spin" aria-hidden="true" />
              ) : (
                <MicIcon aria-hidden="true" />
              )}
              Start the interview
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

export default FollowUpDialog;
