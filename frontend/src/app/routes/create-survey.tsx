import { Loader2Icon, PlusIcon, Trash2Icon } from "lucide-react";
import { useState, type FormEvent } from "react";
import { useNavigate } from "react-router";
import { toast } from "sonner";
import { paths } from "@/config/paths";
import { PageHeader } from "@/components/page-header";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Textarea } from "@/components/ui/textarea";
import { ParticipantModels } from "@/components/participant-models";
import { participantProfiles } from "@/utils/participant-models";
import { avatarIndexOf } from "@/utils/avatar";
import { PersonaPicker } from "@/components/persona-picker";
import type { Persona } from "@/lib/api-types";
import { usePersonaPicker } from "@/features/personas/hooks/use-persona-picker";
import { useGeneratePersonas } from "@/features/personas/api/generate-personas";
import { errorMessage } from "@/lib/api-client";
import { CostEstimateCard } from "@/components/usage/cost-estimate-card";
import { withBudget } from "@/components/usage/format";
import { useCreateSurvey, useScales } from "@/features/surveys/api/surveys";
import { GenerateRespondents } from "@/features/surveys/components/generate-respondents";

interface ConceptDraft {
  type: "text" | "image";
  title: string;
  content: string;
}
interface QuestionDraft {
  text: string;
  scale: string;
  anchors: string; // custom scale: one anchor statement per line
}

export const CUSTOM = "custom";
/** The server refuses larger plans (domain/survey_rules.py PLANNED_ANSWERS_MAX). */
export const PLANNED_ANSWERS_MAX = 20_000;
const selectClass =
  "h-9 w-full rounded-md border border-input bg-card px-3 text-sm shadow-xs outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50";

const newConcept = (): ConceptDraft => ({ type: "text", title: "", content: "" });
const newQuestion = (): QuestionDraft => ({
  text: "How likely would you be to buy this product?",
  scale: "purchase_intent",
  anchors: "",
});

/** The request body for the form's values. */
export function toCreateBody(
  name: string,
  concepts: ConceptDraft[],
  questions: QuestionDraft[],
  respondentIds: string[],
  samples: number,
  askDirect: boolean,
) {
  return {
    name,
    concepts,
    questions: questions.map((q) =>
      q.scale === CUSTOM
        ? {
            text: q.text,
            scale: {
              anchors: q.anchors
                .split("\n")
                .map((a) => a.trim())
                .filter(Boolean),
            },
          }
        : { text: q.text, scale: q.scale },
    ),
    respondentIds,
    samples,
    askDirect,
  };
}

/** /surveys/new: concepts, questions with scales, respondents, samples, direct rating. */
export function CreateSurveyPage() {
  const navigate = useNavigate();
  const library = usePersonaPicker();
  const scales = useScales();
  const create = useCreateSurvey();
  const generatePersonas = useGeneratePersonas();
  const [name, setName] = useState("");
  const [concepts, setConcepts] = useState<ConceptDraft[]>([newConcept()]);
  const [questions, setQuestions] = useState<QuestionDraft[]>([newQuestion()]);
  const [respondents, setRespondents] = useState<Persona[]>([]);
  const picked = respondents.map((p) => p.id);
  const [samples, setSamples] = useState(2);
  const [askDirect, setAskDirect] = useState(false);
  const [budget, setBudget] = useState(""); // the survey's own budget (USD)
  const [models, setModels] = useState<Record<string, string>>({}); // mixed panel

  const setConcept = (i: number, patch: Partial<ConceptDraft>) =>
    setConcepts((cs) => cs.map((c, j) => (j === i ? { ...c, ...patch } : c)));
  const setQuestion = (i: number, patch: Partial<QuestionDraft>) =>
    setQuestions((qs) => qs.map((q, j) => (j === i ? { ...q, ...patch } : q)));
  const toggle = (persona: Persona) =>
    setRespondents((ps) =>
      ps.some((p) => p.id === persona.id)
        ? ps.filter((p) => p.id !== persona.id)
        : [...ps, persona],
    );
  // Every persona listed so far is selected (the pages read, not the whole library).
  const allShown = library.personas.every((p) => picked.includes(p.id));
  const addShown = () =>
    setRespondents((ps) => [...ps, ...library.personas.filter((p) => !picked.includes(p.id))]);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const chosen = participantProfiles(models, picked);
    const plain = toCreateBody(name, concepts, questions, picked, samples, askDirect);
    const body = Object.keys(chosen).length
      ? { ...plain, settings: { participantProfiles: chosen } }
      : plain;
    create.mutate(withBudget(body, budget), {
      onSuccess: (survey) => {
        void navigate(paths.survey.getHref(survey.id));
      },
      onError: (e) => toast.error(errorMessage(e, "Could not create the survey")),
    });
  };

  const planned = picked.length * concepts.length * questions.length * samples;
  const tooBig = planned > PLANNED_ANSWERS_MAX;
  return (
    <>
      <PageHeader
        title="New survey"
        description="Monadic concept test: each call shows one concept and asks one question."
      />
      <form onSubmit={onSubmit} className="grid gap-5" aria-label="New survey">
        <Card>
          <CardHeader>
            <CardTitle>Name</CardTitle>
          </CardHeader>
          <CardContent>
            <Label htmlFor="survey-name" className="sr-only">
              Survey name
            </Label>
            <Input
              id="survey-name"
              value={name}
              onChange={(e) => setName(e.target.value)}
              placeholder="Spring concept test"
            />
          </CardContent>
        </Card>

        <Card>
          <CardHeader>
            <CardTitle>Concepts</CardTitle>
            <CardDescription>1-6 concepts: a text description or an image URL.</CardDescription>
          </CardHeader>
          <CardContent className="grid gap-4">
            {concepts.map((c, i) => (
              <fieldset
                key={i}
                className="grid gap-2 rounded-lg border p-3"
                data-testid={`concept-${i}`}
              >
                <legend className="px-1 text-sm font-medium">Concept {i + 1}</legend>
                <div className="grid gap-2 sm:grid-cols-[10rem_1fr_auto]">
                  <select
                    aria-label={`Concept ${i + 1} type`}
                    className={selectClass}
                    value={c.type}
                    onChange={(e) =>
                      setConcept(i, { type: e.target.value as ConceptDraft["type"] })
                    }
                  >
                    <option value="text">Text</option>
                    <option value="image">Image URL</option>
                  </select>
                  <Input
                    aria-label={`Concept ${i + 1} title`}
                    placeholder="Title"
                    value={c.title}
                    onChange={(e) => setConcept(i, { title: e.target.value })}
                  />
                  <Button
                    type="button"
                    variant="ghost"
                    size="icon"
                    aria-label={`Remove concept ${i + 1}`}
                    disabled={concepts.length <= 1}
                    onClick={() => setConcepts((cs) => cs.filter((_, j) => j !== i))}
                  >
                    <Trash2Icon aria-hidden="true" />
                  </Button>
                </div>
                {c.type === "text" ? (
                  <Textarea
                    aria-label={`Concept ${i + 1} description`}
                    placeholder="Describe the concept as respondents would see it"
                    value={c.content}
                    onChange={(e) => setConcept(i, { content: e.target.value })}
                  />
                ) : (
                  <Input
                    aria-label={`Concept ${i + 1} image URL`}
                    placeholder="https://..."
                    value={c.content}
                    onChange={(e) => setConcept(i, { content: e.target.value })}
                  />
                )}
              </fieldset>
            ))}
            <Button
              type="button"
              variant="outline"
              disabled={concepts.length >= 6}
              onClick={() => setConcepts((cs) => [...cs, newConcept()])}
            >
              <PlusIcon aria-hidden="true" /> Add concept
            </Button>
          </CardContent>
        </Card>

        <Card>
          <CardHeader>
            <CardTitle>Questions</CardTitle>
            <CardDescription>
              1-10 questions, each rated on a scale. Custom scales: one anchor statement per line,
              lowest first (2-10 points).
            </CardDescription>
          </CardHeader>
          <CardContent className="grid gap-4">
            {questions.map((q, i) => (
              <fieldset
                key={i}
                className="grid gap-2 rounded-lg border p-3"
                data-testid={`question-${i}`}
              >
                <legend className="px-1 text-sm font-medium">Question {i + 1}</legend>
                <div className="grid gap-2 sm:grid-cols-[1fr_14rem_auto]">
                  <Input
                    aria-label={`Question ${i + 1} text`}
                    value={q.text}
                    onChange={(e) => setQuestion(i, { text: e.target.value })}
                  />
                  <select
                    aria-label={`Question ${i + 1} scale`}
                    className={selectClass}
                    value={q.scale}
                    onChange={(e) => {
                      const scale = scales.data?.find((s) => s.key === e.target.value);
                      setQuestion(i, {
                        scale: e.target.value,
                        ...(scale ? { text: scale.question } : {}),
                      });
                    }}
                  >
                    {(scales.data ?? [{ key: "purchase_intent", label: "Purchase intent" }]).map(
                      (s) => (
                        <option key={s.key} value={s.key}>
                          {s.label}
                        </option>
                      ),
                    )}
                    <option value={CUSTOM}>Custom scale</option>
                  </select>
                  <Button
                    type="button"
                    variant="ghost"
                    size="icon"
                    aria-label={`Remove question ${i + 1}`}
                    disabled={questions.length <= 1}
                    onClick={() => setQuestions((qs) => qs.filter((_, j) => j !== i))}
                  >
                    <Trash2Icon aria-hidden="true" />
                  </Button>
                </div>
                {q.scale === CUSTOM && (
                  <Textarea
                    aria-label={`Question ${i + 1} anchors`}
                    placeholder={"Not at all\nA little\nSomewhat\nVery much"}
                    value={q.anchors}
                    onChange={(e) => setQuestion(i, { anchors: e.target.value })}
                  />
                )}
              </fieldset>
            ))}
            <Button
              type="button"
              variant="outline"
              disabled={questions.length >= 10}
              onClick={() => setQuestions((qs) => [...qs, newQuestion()])}
            >
              <PlusIcon aria-hidden="true" /> Add question
            </Button>
          </CardContent>
        </Card>

        <Card>
          <CardHeader>
            <CardTitle>Respondents</CardTitle>
            <CardDescription>
              {picked.length} of {library.libraryTotal} personas selected.{" "}
              {picked.length > 0 && allShown ? (
                <button
                  type="button"
                  className="text-primary underline-offset-4 hover:underline"
                  onClick={() => setRespondents([])}
                >
                  Select none
                </button>
              ) : (
                library.personas.length > 0 && (
                  <button
                    type="button"
                    className="text-primary underline-offset-4 hover:underline"
                    onClick={addShown}
                  >
                    Select all listed
                  </button>
                )
              )}
            </CardDescription>
          </CardHeader>
          <CardContent className="grid gap-3">
            <GenerateRespondents
              generate={generatePersonas.mutateAsync}
              onGenerated={(made) =>
                setRespondents((ps) => [
                  ...ps,
                  ...made.filter((m) => !ps.some((p) => p.id === m.id)),
                ])
              }
            />
            <PersonaPicker
              source={library}
              selected={respondents}
              onToggle={toggle}
              avatarIndex={(p) => avatarIndexOf(p.id)}
              emptyText="Your persona library is empty. Generate respondents above or create personas first."
            />
            <ParticipantModels participants={respondents} value={models} onChange={setModels} />
          </CardContent>
        </Card>

        <Card>
          <CardHeader>
            <CardTitle>Method</CardTitle>
          </CardHeader>
          <CardContent className="grid gap-3 sm:grid-cols-2">
            <div className="grid gap-1.5">
              <Label htmlFor="survey-samples">Samples per respondent (1-5)</Label>
              <Input
                id="survey-samples"
                type="number"
                min={1}
                max={5}
                value={samples}
                onChange={(e) => setSamples(Number(e.target.value))}
              />
            </div>
            <label className="flex items-center gap-2 self-end text-sm">
              <input
                type="checkbox"
                checked={askDirect}
                onChange={(e) => setAskDirect(e.target.checked)}
              />
              Also ask for a direct numeric rating (a second call, shown beside SSR)
            </label>
          </CardContent>
        </Card>

        <div className="max-w-md">
          <CostEstimateCard
            kind="surveys"
            body={toCreateBody(name, concepts, questions, picked, samples, askDirect)}
            ready={planned > 0 && !tooBig}
            budget={budget}
            onBudgetChange={setBudget}
          />
        </div>

        <div className="flex items-center justify-between gap-3">
          <p
            className={tooBig ? "text-sm text-destructive" : "text-sm text-muted-foreground"}
            data-testid="planned-calls"
            aria-live="polite"
          >
            {planned.toLocaleString("en-US")} answers planned
            {askDirect ? ` (${(planned * 2).toLocaleString("en-US")} model calls)` : ""}
            {tooBig &&
              `: at most ${PLANNED_ANSWERS_MAX.toLocaleString("en-US")}. Choose fewer respondents, concepts, questions or samples.`}
          </p>
          <Button type="submit" disabled={create.isPending || tooBig}>
            {create.isPending && <Loader2Icon className="animate-spin" aria-hidden="true" />}
            Create survey
          </Button>
        </div>
      </form>
    </>
  );
}
