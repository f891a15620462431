import {
  BotIcon,
  BriefcaseIcon,
  CoffeeIcon,
  ListOrderedIcon,
  FileTextIcon,
  Loader2Icon,
} from "lucide-react";
import {
  MessageCircleQuestionIcon,
  MicIcon,
  UsersRoundIcon,
  PlayIcon,
  SearchIcon,
  SlidersHorizontalIcon,
} from "lucide-react";
import { useMemo, useState } from "react";
import { Link, useNavigate } from "react-router";
import { toast } from "sonner";
import { SaveGuideButton } from "@/components/save-guide-button";
import { Button, buttonVariants } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Textarea } from "@/components/ui/textarea";
import { paths } from "@/config/paths";
import { errorMessage } from "@/lib/api-client";
import { guideFromSetup } from "@/utils/guides";
import { avatarIndexOf } from "@/utils/avatar";
import type { PersonaPickerSource } from "@/components/persona-picker";
import type {
  DiscussionMode,
  ModeratorKind,
  ModeratorStyle,
  Persona,
  QuestionTemplate,
  ResponseLength,
  StimulusInput,
} from "@/lib/api-types";
import { useClearDraft } from "../api/clear-draft";
import { useCreateSession } from "../api/create-session";
import { useDraftAutosave } from "../hooks/use-draft-autosave";
import { diversityScore } from "../utils/diversity";
import {
  addQuestionRow,
  canStartSession,
  MAX_PROBES_LIMIT,
  MSG_SELECT_ONE_PERSONA,
  MSG_SELECT_PERSONAS,
  questionLimits,
  type SessionKind,
  withKind,
  nonBlankQuestions,
  participantCountOk,
  questionsFromTemplate,
  removeQuestionRow,
  type SessionFormValues,
  setQuestion,
  toCreateInput,
  toggleParticipant,
} from "../utils/session-form";
import { DiscussionExtras } from "./discussion-extras";
import { DiversityCard } from "./diversity-card";
import { CostEstimateCard } from "@/components/usage/cost-estimate-card";
import { withBudget } from "@/components/usage/format";
import { EstimatedUsageCard } from "./estimated-usage-card";
import { FormSection } from "./form-section";
import { type Option, OptionCards } from "./option-cards";
import { withParticipantProfiles } from "@/utils/participant-models";
import { ParticipantModels } from "@/components/participant-models";
import { ParticipantsSection } from "./participants-section";
import { QuestionsSection } from "./questions-section";
import { StimuliSection } from "./stimuli-section";

const MODERATOR_OPTIONS: Option<ModeratorStyle>[] = [
  {
    value: "formal",
    label: "Formal",
    description: "Structured, neutral and professional questioning.",
    icon: BriefcaseIcon,
  },
  {
    value: "casual",
    label: "Casual",
    description: "Relaxed and conversational, like a chat among friends.",
    icon: CoffeeIcon,
  },
  {
    value: "probing",
    label: "Probing",
    description: "Digs deeper into reasons, feelings and trade-offs.",
    icon: SearchIcon,
  },
];

const MODERATOR_KIND_OPTIONS: Option<ModeratorKind>[] = [
  {
    value: "scripted",
    label: "Scripted",
    description: "Asks each question, then the same prompt before rounds 2 and 3.",
    icon: ListOrderedIcon,
  },
  {
    value: "ai",
    label: "AI moderator",
    description:
      "Listens and follows up: asks someone why, brings in the quiet one, challenges quick agreement, sums up each question. About 3 extra model calls per question.",
    icon: BotIcon,
  },
];

const KIND_OPTIONS: Option<SessionKind>[] = [
  {
    value: "group",
    label: "Focus group",
    description: "3-8 personas discuss each question over 3 rounds, led by a moderator.",
    icon: UsersRoundIcon,
  },
  {
    value: "interview",
    label: "Interview",
    description: "One persona, one interviewer, a guide of 1-30 questions or topics.",
    icon: MicIcon,
  },
];

const INTERVIEWER_OPTIONS: Option<ModeratorKind>[] = [
  {
    value: "scripted",
    label: "Scripted",
    description: "Asks the guide as written: each question once, one answer each.",
    icon: ListOrderedIcon,
  },
  {
    value: "ai",
    label: "AI interviewer",
    description:
      "After each answer decides: ask why it matters, clarify, ask for an example, or move on. One extra model call per answer.",
    icon: BotIcon,
  },
];

const LENGTH_OPTIONS: Option<ResponseLength>[] = [
  { value: "brief", label: "Brief", description: "1-2 sentences, up to 50 tokens per response." },
  {
    value: "moderate",
    label: "Moderate",
    description: "2-4 sentences, up to 150 tokens per response.",
  },
  {
    value: "detailed",
    label: "Detailed",
    description: "4-6 sentences, up to 300 tokens per response.",
  },
];

const MODE_OPTIONS: Option<DiscussionMode>[] = [
  {
    value: "sequential",
    label: "Sequential",
    description: "Participants answer in turn; from round 2 each one hears everything said so far.",
  },
  {
    value: "parallel",
    label: "Parallel",
    description: "Each round is answered at once, reacting to the rounds before it. Faster.",
  },
  {
    value: "natural",
    label: "Natural",
    description:
      "Like a real group: whoever is addressed, disagrees or has waited longest speaks next, in short or long turns. Same number of turns per question.",
  },
];

export interface CreateSessionFormProps {
  /** The library, searched and paged on the server. */
  library: PersonaPickerSource;
  /** The personas of the initial values' participants (a persona passed in first). */
  initialSelected: readonly Persona[];
  templates: readonly QuestionTemplate[];
  initialValues: SessionFormValues;
  /** The draft restored from the server, if any (what autosave compares against). */
  restoredDraft: SessionFormValues | null;
}

export function CreateSessionForm({
  library,
  initialSelected,
  templates,
  initialValues,
  restoredDraft,
}: CreateSessionFormProps) {
  const navigate = useNavigate();
  const [values, setValues] = useState<SessionFormValues>(initialValues);
  const [budget, setBudget] = useState(""); // the session's own budget (USD)
  const autosave = useDraftAutosave(values, restoredDraft);
  const createSession = useCreateSession();
  const clearDraft = useClearDraft();

  const set = <K extends keyof SessionFormValues>(key: K, value: SessionFormValues[K]) =>
    setValues((v) => ({ ...v, [key]: value }));

  // Every persona picked so far, by id: the form keeps ids, the pages come and go.
  const [known, setKnown] = useState(() => new Map(initialSelected.map((p) => [p.id, p])));
  const selected = useMemo(
    () =>
      values.participantIds.map((id) => known.get(id)).filter((p): p is Persona => p !== undefined),
    [values.participantIds, known],
  );
  const diversity = useMemo(
    () => (selected.length >= 2 ? diversityScore(selected) : null),
    [selected],
  );
  const interview = values.kind === "interview";
  const limits = questionLimits(values.kind);
  const countOk = participantCountOk(values.participantIds.length, values.kind);
  const canStart = canStartSession(values) && !createSession.isPending;

  const start = () => {
    if (!canStartSession(values) || createSession.isPending) return;
    createSession.mutate(
      withBudget(
        withParticipantProfiles(toCreateInput(values), values.participantProfiles),
        budget,
      ),
      {
        onSuccess: async (session) => {
          autosave.stop();
          try {
            await clearDraft.mutateAsync();
          } catch {
            // The session exists; a stale draft is only restored into the form later.
          }
          navigate(paths.session.getHref(session.id));
        },
        onError: (error) => toast.error(errorMessage(error, "Failed to create session")),
      },
    );
  };

  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        start();
      }}
      aria-label="Create New Session"
      noValidate
    >
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
        <div className="min-w-0 space-y-6">
          <FormSection
            id="details"
            title="Session Details"
            icon={FileTextIcon}
            description="Name the session and note what you want to learn."
          >
            <div className="grid gap-4">
              <div className="space-y-2.5">
                <p className="text-sm font-medium">Kind</p>
                <OptionCards
                  label="Kind"
                  value={values.kind}
                  options={KIND_OPTIONS}
                  onChange={(kind) => setValues((v) => withKind(v, kind))}
                  columns={2}
                />
              </div>
              <div className="space-y-2">
                <Label htmlFor="session-name">Session Name</Label>
                <Input
                  id="session-name"
                  value={values.name}
                  onChange={(e) => set("name", e.target.value)}
                  placeholder="e.g. Eco-friendly packaging concept test"
                  maxLength={200}
                  autoComplete="off"
                />
              </div>
              <div className="space-y-2">
                <Label htmlFor="session-description">
                  Description <span className="font-normal text-muted-foreground">(optional)</span>
                </Label>
                <Textarea
                  id="session-description"
                  value={values.description}
                  onChange={(e) => set("description", e.target.value)}
                  placeholder="Research goals, target audience, anything the team should know..."
                  maxLength={5000}
                  className="min-h-20"
                />
              </div>
            </div>
          </FormSection>

          <ParticipantsSection
            kind={values.kind}
            library={library}
            selected={selected}
            avatarIndex={(p) => avatarIndexOf(p.id)}
            onToggle={(persona) => {
              setKnown((k) => (k.has(persona.id) ? k : new Map(k).set(persona.id, persona)));
              setValues((v) => ({
                ...v,
                participantIds: toggleParticipant(v.participantIds, persona.id, v.kind),
              }));
            }}
          />
          <ParticipantModels
            participants={selected}
            value={values.participantProfiles}
            onChange={(participantProfiles) => setValues((v) => ({ ...v, participantProfiles }))}
          />

          {interview ? (
            <FormSection
              id="interviewer"
              title="Interviewer"
              icon={MessageCircleQuestionIcon}
              description="Who asks the questions, and how far the AI interviewer digs."
            >
              <div className="space-y-5">
                <OptionCards
                  label="Interviewer"
                  value={values.moderator}
                  options={INTERVIEWER_OPTIONS}
                  onChange={(v) => set("moderator", v)}
                  columns={2}
                />
                {values.moderator === "ai" && (
                  <div className="space-y-2">
                    <Label htmlFor="max-probes">Follow-ups per topic (0-{MAX_PROBES_LIMIT})</Label>
                    <Input
                      id="max-probes"
                      type="number"
                      min={0}
                      max={MAX_PROBES_LIMIT}
                      step={1}
                      className="w-24"
                      value={values.maxProbes}
                      aria-describedby="max-probes-hint"
                      onChange={(e) => set("maxProbes", Number(e.target.value))}
                    />
                    <p id="max-probes-hint" className="text-xs text-muted-foreground">
                      0: the interviewer never follows up. Default 2.
                    </p>
                  </div>
                )}
              </div>
            </FormSection>
          ) : (
            <FormSection
              id="moderator"
              title="Moderator Style"
              icon={MessageCircleQuestionIcon}
              description="How the moderator frames questions and follow-ups."
            >
              <div className="space-y-5">
                <OptionCards
                  label="Moderator Style"
                  value={values.moderatorStyle}
                  options={MODERATOR_OPTIONS}
                  onChange={(v) => set("moderatorStyle", v)}
                />
                <div className="space-y-2.5">
                  <p className="text-sm font-medium">Moderator</p>
                  <OptionCards
                    label="Moderator"
                    value={values.moderator}
                    options={MODERATOR_KIND_OPTIONS}
                    onChange={(v) => set("moderator", v)}
                    columns={2}
                  />
                </div>
              </div>
            </FormSection>
          )}

          <StimuliSection
            stimuli={values.stimuli}
            onChange={(update) =>
              setValues((v) => ({ ...v, stimuli: update(v.stimuli as StimulusInput[]) }))
            }
          />

          <QuestionsSection
            kind={values.kind}
            questions={values.questions}
            templates={templates}
            onChangeQuestion={(index, text) =>
              setValues((v) => ({ ...v, questions: setQuestion(v.questions, index, text) }))
            }
            onAdd={() =>
              setValues((v) => ({ ...v, questions: addQuestionRow(v.questions, limits.max) }))
            }
            onRemove={(index) =>
              setValues((v) => ({
                ...v,
                questions: removeQuestionRow(v.questions, index, limits.min),
              }))
            }
            onApplyTemplate={(template) => {
              set("questions", questionsFromTemplate(template.questions));
              toast.success(`${template.name} questions added`);
            }}
          />

          <FormSection
            id="response-settings"
            title="Response Settings"
            icon={SlidersHorizontalIcon}
            description="How long answers are and how participants take turns."
          >
            <div className="space-y-5">
              <div className="space-y-2.5">
                <p className="text-sm font-medium" id="length-label">
                  Response Length
                </p>
                <OptionCards
                  label="Response Length"
                  value={values.responseLength}
                  options={LENGTH_OPTIONS}
                  onChange={(v) => set("responseLength", v)}
                />
              </div>
              {!interview && (
                <>
                  <div className="space-y-2.5">
                    <p className="text-sm font-medium">Discussion Mode</p>
                    <OptionCards
                      label="Discussion Mode"
                      value={values.discussionMode}
                      options={MODE_OPTIONS}
                      onChange={(v) => set("discussionMode", v)}
                    />
                  </div>
                  <DiscussionExtras
                    values={values}
                    onChange={(patch) => setValues((v) => ({ ...v, ...patch }))}
                  />
                </>
              )}
            </div>
          </FormSection>
        </div>

        <aside className="space-y-6 lg:sticky lg:top-6 lg:self-start" aria-label="Session summary">
          <EstimatedUsageCard
            participants={values.participantIds.length}
            questions={values.questions}
            responseLength={values.responseLength}
            moderator={values.moderator}
          />
          <CostEstimateCard
            kind="sessions"
            body={toCreateInput(values)}
            ready={countOk && nonBlankQuestions(values.questions).length > 0}
            budget={budget}
            onBudgetChange={setBudget}
          />
          {diversity && <DiversityCard result={diversity} />}
        </aside>
      </div>

      <div
        data-sticky-footer
        className="sticky bottom-0 z-20 -mx-4 mt-8 -mb-6 border-t bg-background/90 px-4 py-3 backdrop-blur sm:-mx-6 sm:px-6 md:-mb-10 lg:-mx-10 lg:px-10"
      >
        <div className="flex flex-wrap items-center justify-end gap-3">
          {!countOk && (
            <p
              className="mr-auto text-sm text-muted-foreground"
              data-testid="start-hint"
              aria-live="polite"
            >
              {interview ? MSG_SELECT_ONE_PERSONA : MSG_SELECT_PERSONAS}
            </p>
          )}
          <SaveGuideButton
            load={() => guideFromSetup(toCreateInput(values))}
            disabled={!values.name.trim()}
          />
          <Link to={paths.dashboard.getHref()} className={buttonVariants({ variant: "outline" })}>
            Cancel
          </Link>
          <Button type="submit" disabled={!canStart}>
            {createSession.isPending ? (
              <Loader2Icon className="animate-spin" aria-hidden="true" />
            ) : (
              <PlayIcon aria-hidden="true" />
            )}
            Start Session
          </Button>
        </div>
      </div>
    </form>
  );
}
