import { Loader2Icon } from "lucide-react";
import { useState, type FormEvent } from "react";
import { useNavigate } from "react-router";
import { toast } from "sonner";
import { paths } from "@/config/paths";
import { PageHeader } from "@/components/page-header";
import { PersonaPicker } from "@/components/persona-picker";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Textarea } from "@/components/ui/textarea";
import { ApiError, errorMessage } from "@/lib/api-client";
import type { Persona } from "@/lib/api-types";
import { avatarIndexOf } from "@/utils/avatar";
import { usePersonaPicker } from "@/features/personas/hooks/use-persona-picker";
import { useCreateStudy } from "@/features/studies/api/studies";

const MAX_PERSONAS = 50;
const SELECT_CLASS = "h-9 rounded-md border border-input bg-card px-2 text-sm";

/** /studies/new: the interview guide, the interviewer, and the personas (picked, or every
 * persona with a tag); Start creates the study and runs its interviews. */
export function NewStudyPage() {
  const navigate = useNavigate();
  const library = usePersonaPicker();
  const create = useCreateStudy();
  const [name, setName] = useState("");
  const [guide, setGuide] = useState("");
  const [interviewer, setInterviewer] = useState<"ai" | "scripted">("ai");
  const [maxProbes, setMaxProbes] = useState(2);
  const [responseLength, setResponseLength] = useState("moderate");
  const [by, setBy] = useState<"pick" | "tag">("pick");
  const [tag, setTag] = useState("");
  const [picked, setPicked] = useState<Persona[]>([]);
  const [errors, setErrors] = useState<string[]>([]);
  const questions = guide
    .split("\n")
    .map((q) => q.trim())
    .filter(Boolean);
  const toggle = (p: Persona) =>
    setPicked((ps) =>
      ps.some((x) => x.id === p.id) ? ps.filter((x) => x.id !== p.id) : [...ps, p],
    );

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setErrors([]);
    create.mutate(
      {
        name,
        questions,
        personaIds: by === "pick" ? picked.map((p) => p.id) : [],
        personaTag: by === "tag" ? tag : null,
        settings: { moderator: interviewer, maxProbes, responseLength },
      },
      {
        onSuccess: (study) => void navigate(paths.study.getHref(study.id)),
        onError: (err) => {
          if (err instanceof ApiError && err.errors.length) setErrors(err.errors);
          else toast.error(errorMessage(err, "Could not start the study"));
        },
      },
    );
  };

  return (
    <>
      <PageHeader
        title="New study"
        description="One interview guide, asked of each persona in a one-to-one interview; the interviews run in parallel, then their synthesis."
      />
      <form className="flex flex-col gap-5" onSubmit={submit} noValidate>
        {errors.length > 0 && (
          <Card role="alert" className="border-destructive p-4 text-sm text-destructive">
            <ul className="list-disc pl-5">
              {errors.map((m) => (
                <li key={m}>{m}</li>
              ))}
            </ul>
          </Card>
        )}
        <Card>
          <CardHeader>
            <CardTitle>Guide</CardTitle>
            <CardDescription>1-30 questions or topics, one per line.</CardDescription>
          </CardHeader>
          <CardContent className="grid gap-4">
            <div className="grid gap-1.5">
              <Label htmlFor="study-name">Study name</Label>
              <Input
                id="study-name"
                value={name}
                onChange={(e) => setName(e.target.value)}
                maxLength={200}
              />
            </div>
            <div className="grid gap-1.5">
              <Label htmlFor="study-guide">Questions or topics</Label>
              <Textarea
                id="study-guide"
                rows={5}
                value={guide}
                onChange={(e) => setGuide(e.target.value)}
                placeholder={"What do you think of the pouch?\nWould you buy it?"}
              />
              <p className="text-xs text-muted-foreground">{questions.length} of at most 30</p>
            </div>
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle>Interviewer</CardTitle>
          </CardHeader>
          <CardContent className="grid gap-4 sm:grid-cols-3">
            <div className="grid gap-1.5">
              <Label htmlFor="study-interviewer">Interviewer</Label>
              <select
                id="study-interviewer"
                className={SELECT_CLASS}
                value={interviewer}
                onChange={(e) => setInterviewer(e.target.value === "scripted" ? "scripted" : "ai")}
              >
                <option value="ai">AI: follows up on each answer</option>
                <option value="scripted">Scripted: asks the guide as written</option>
              </select>
            </div>
            <div className="grid gap-1.5">
              <Label htmlFor="study-probes">Follow-ups per topic</Label>
              <Input
                id="study-probes"
                type="number"
                min={0}
                max={5}
                value={maxProbes}
                disabled={interviewer === "scripted"}
                onChange={(e) => setMaxProbes(Number(e.target.value))}
              />
            </div>
            <div className="grid gap-1.5">
              <Label htmlFor="study-length">Answer length</Label>
              <select
                id="study-length"
                className={SELECT_CLASS}
                value={responseLength}
                onChange={(e) => setResponseLength(e.target.value)}
              >
                <option value="brief">Brief</option>
                <option value="moderate">Moderate</option>
                <option value="detailed">Detailed</option>
              </select>
            </div>
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle>Personas</CardTitle>
            <CardDescription>
              1-{MAX_PERSONAS} personas, each interviewed on their own.
            </CardDescription>
          </CardHeader>
          <CardContent className="grid gap-4">
            <fieldset className="flex flex-wrap gap-4">
              <legend className="sr-only">Choose personas by</legend>
              <label className="flex items-center gap-2 text-sm">
                <input
                  type="radio"
                  name="study-by"
                  checked={by === "pick"}
                  onChange={() => setBy("pick")}
                />
                Pick personas
              </label>
              <label className="flex items-center gap-2 text-sm">
                <input
                  type="radio"
                  name="study-by"
                  checked={by === "tag"}
                  onChange={() => setBy("tag")}
                />
                All with a tag
              </label>
            </fieldset>
            {by === "tag" ? (
              <div className="grid gap-1.5 sm:w-64">
                <Label htmlFor="study-tag">Tag</Label>
                <select
                  id="study-tag"
                  className={SELECT_CLASS}
                  value={tag}
                  onChange={(e) => setTag(e.target.value)}
                >
                  <option value="">Choose a tag</option>
                  {library.tags.map((t) => (
                    <option key={t} value={t}>
                      {t}
                    </option>
                  ))}
                </select>
              </div>
            ) : (
              <PersonaPicker
                source={library}
                selected={picked}
                onToggle={toggle}
                fullReason={
                  picked.length >= MAX_PERSONAS ? `A study takes at most ${MAX_PERSONAS}` : null
                }
                avatarIndex={(p) => avatarIndexOf(p.id)}
                emptyText="Your persona library is empty. Create personas first."
              />
            )}
          </CardContent>
        </Card>
        <div className="flex justify-end">
          <Button type="submit" disabled={create.isPending}>
            {create.isPending && <Loader2Icon className="animate-spin" aria-hidden="true" />}
            Start study
          </Button>
        </div>
      </form>
    </>
  );
}
