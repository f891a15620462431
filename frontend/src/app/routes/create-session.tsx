import { useMemo, useState } from "react";
import { useLocation } from "react-router";
import { PageHeader } from "@/components/page-header";
import { Card } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { personaFromNavigationState } from "@/utils/navigation";
import { useScrollToTop } from "@/hooks/use-scroll-to-top";
import { useDraft } from "@/features/sessions/api/get-draft";
import { resolvePersonas, useResolvedPersonas } from "@/features/personas/api/get-personas";
import { usePersonaPicker } from "@/features/personas/hooks/use-persona-picker";
import type { Persona } from "@/lib/api-types";
import { useQuestionTemplates } from "@/features/sessions/api/get-question-templates";
import {
  defaultFormValues,
  formValuesFromDraft,
  withFirstParticipant,
} from "@/features/sessions/utils/session-form";
import { formValuesFromGuide } from "@/features/sessions/utils/guide-form";
import { type SessionFormValues } from "@/features/sessions/utils/session-form";
import { CreateSessionForm } from "@/features/sessions/components/create-session-form";
import { GuideMessages, StartFromGuide } from "@/features/sessions/components/start-from-guide";

/** Create New Session (product-rules §2, §5): restores the draft, then the form. */
export function CreateSessionPage() {
  useScrollToTop();
  const location = useLocation();
  const passed = personaFromNavigationState(location.state);
  const library = usePersonaPicker();
  const draft = useDraft();
  const templates = useQuestionTemplates();
  // Start from a guide: the form is mounted again with the guide's values.
  const [fromGuide, setFromGuide] = useState<{
    values: SessionFormValues;
    selected: Persona[];
    count: number;
  } | null>(null);
  const [guideNote, setGuideNote] = useState<{
    filename: string;
    problems: string[];
    notes: string[];
  } | null>(null);

  // The restored draft's participants, read by id (those no longer in the library drop out).
  const restored = draft.isSuccess ? formValuesFromDraft(draft.data) : null;
  const wanted = (restored?.participantIds ?? []).filter((id) => id !== passed?.id);
  const drafted = useResolvedPersonas(wanted, !draft.isPending && wanted.length > 0);
  const ready = !draft.isPending && (wanted.length === 0 || drafted.isSuccess || drafted.isError);
  const setup = useMemo(() => {
    if (!ready) return null;
    const found = [...(passed ? [passed] : []), ...(drafted.data ?? [])];
    const known = new Map(found.map((p) => [p.id, p]));
    const start = restored ?? defaultFormValues();
    const ids = withFirstParticipant(
      start.participantIds.filter((id) => known.has(id)),
      passed ? passed.id : null,
    );
    const selected = ids.map((id) => known.get(id)).filter((p): p is Persona => !!p);
    return { initialValues: { ...start, participantIds: ids }, restored, selected };
    // Computed once when the data arrives: the form owns its values afterwards.
    // eslint-disable-next-line react-hooks/exhaustive-deps -- a snapshot, on purpose
  }, [ready]);

  return (
    <>
      <PageHeader
        title="Create New Session"
        description="Set up a moderated focus group with 3-8 personas, or a one-to-one interview."
        actions={
          setup && (
            <StartFromGuide
              onLoaded={async (form, filename) => {
                const found = await resolvePersonas(form.setup.participantIds ?? []);
                const values = formValuesFromGuide(form.setup, new Set(found.map((p) => p.id)));
                const byId = new Map(found.map((p) => [p.id, p]));
                setFromGuide((g) => ({
                  values,
                  selected: values.participantIds.map((id) => byId.get(id)).filter((p) => !!p),
                  count: (g?.count ?? 0) + 1,
                }));
                setGuideNote({
                  filename,
                  problems: [],
                  notes: form.notes.length ? form.notes : ["Check the form, then Start Session."],
                });
              }}
              onProblems={(problems, filename) => setGuideNote({ filename, problems, notes: [] })}
            />
          )
        }
      />
      {guideNote && <GuideMessages {...guideNote} onDismiss={() => setGuideNote(null)} />}
      {!setup ? (
        <CreateSessionSkeleton />
      ) : (
        <CreateSessionForm
          key={fromGuide?.count ?? 0}
          library={library}
          initialSelected={fromGuide?.selected ?? setup.selected}
          templates={templates.data ?? []}
          initialValues={fromGuide?.values ?? setup.initialValues}
          restoredDraft={fromGuide ? null : setup.restored}
        />
      )}
    </>
  );
}

function CreateSessionSkeleton() {
  return (
    <div
      className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]"
      aria-busy="true"
      aria-label="Loading the form"
    >
      <div className="space-y-6">
        {[0, 1, 2].map((i) => (
          <Card key={i} className="gap-4 p-6">
            <Skeleton className="h-5 w-40" />
            <Skeleton className="h-4 w-72" />
            <Skeleton className="h-9 w-full" />
            <Skeleton className="h-9 w-full" />
          </Card>
        ))}
      </div>
      <Card className="h-40 gap-3 p-5">
        <Skeleton className="h-5 w-32" />
        <Skeleton className="h-8 w-40" />
      </Card>
    </div>
  );
}
