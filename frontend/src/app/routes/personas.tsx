import { DownloadIcon, PlusIcon, SparklesIcon, UploadIcon, UsersIcon } from "lucide-react";
import { lazy, Suspense, useCallback, useMemo, useState } from "react";
import { useNavigate } from "react-router";
import { LoadMore } from "@/components/load-more";
import { MenuButton } from "@/components/menu-button";
import { PageHeader } from "@/components/page-header";
import { QueryError } from "@/components/query-error";
import { SearchBox } from "@/components/search-box";
import { TagFilter } from "@/components/tag-filter";
import { Button } from "@/components/ui/button";
import type { Persona } from "@/lib/api-types";
import type { CreateSessionNavigationState } from "@/utils/navigation";
import { tagKey } from "@/utils/tags";
import { useLibraryAudit } from "@/lib/audit-queries";
import { usePersonaPages, usePersonaTags } from "@/features/personas/api/get-personas";
import { useDebounced } from "@/hooks/use-debounced";
import { PERSONA_TEMPLATE_URL, personasExportUrl } from "@/features/personas/api/import-personas";
import { DeletePersonaDialog } from "@/features/personas/components/delete-persona-dialog";
import { GeneratePersonasDialog } from "@/features/personas/components/generate-personas-dialog";
import { ImportPersonasDialog } from "@/features/personas/components/import-personas-dialog";
import { PersonaCard, PersonaCardSkeleton } from "@/features/personas/components/persona-card";
import { ExportEvidenceToggle } from "@/features/personas/components/export-evidence-toggle";
import { SurveyPersonasDialog } from "@/features/personas/components/survey-personas-dialog";
import { PersonaFormDialog } from "@/features/personas/components/persona-form-dialog";
import { useWorkspaces, writable } from "@/features/workspaces/api/workspaces";
import { chosenWorkspace } from "@/lib/workspace";

const CopyToWorkspaceDialog = lazy(
  () => import("@/features/workspaces/components/copy-to-workspace-dialog"),
);

export const EMPTY_STATE_TEXT =
  "No personas found. Try adjusting your search or create a new persona.";

const GRID = "grid gap-5 sm:grid-cols-2 xl:grid-cols-3";

interface FormState {
  open: boolean;
  persona: Persona | null;
  /** Changes on each opening so the dialog remounts with a fresh form. */
  key: number;
}

export function PersonasPage() {
  const navigate = useNavigate();
  const audits = useLibraryAudit();
  const auditOf = useMemo(
    () => new Map((audits.data?.audits ?? []).map((a) => [a.personaId, a])),
    [audits.data],
  );
  const [search, setSearch] = useState("");
  const [form, setForm] = useState<FormState>({ open: false, persona: null, key: 0 });
  const [generate, setGenerate] = useState({ open: false, key: 0 });
  const [importing, setImporting] = useState({ open: false, key: 0 });
  const [copying, setCopying] = useState<{ open: boolean; persona: Persona | null }>({
    open: false,
    persona: null,
  });
  const workspaces = useWorkspaces();
  const currentWorkspace = chosenWorkspace() ?? workspaces.data?.[0]?.id;
  const copyTargets = writable(workspaces.data ?? []).filter((w) => w.id !== currentWorkspace);
  const [tag, setTag] = useState<string | null>(null);
  const [includeEvidence, setIncludeEvidence] = useState(false);
  const [fromSurvey, setFromSurvey] = useState({ open: false, key: 0 });
  const [deleting, setDeleting] = useState<{ open: boolean; persona: Persona | null }>({
    open: false,
    persona: null,
  });

  const tagList = usePersonaTags();
  const tags = useMemo(() => tagList.data ?? [], [tagList.data]);
  const activeTag = tag !== null && tags.some((t) => tagKey(t) === tagKey(tag)) ? tag : null;
  // The server searches and filters; typing asks it once per pause.
  const personas = usePersonaPages(useDebounced(search), activeTag);
  const visible = useMemo(
    () => personas.data?.pages.flatMap((p) => p.items) ?? [],
    [personas.data],
  );
  const matching = personas.data?.pages[0]?.total ?? 0;
  const libraryTotal = personas.data?.pages[0]?.libraryTotal ?? 0;
  const { fetchNextPage, hasNextPage, isFetchingNextPage } = personas;
  const loadMore = useCallback(() => {
    if (hasNextPage && !isFetchingNextPage) void fetchNextPage();
  }, [fetchNextPage, hasNextPage, isFetchingNextPage]);
  const exportScope = activeTag ? { tag: activeTag } : {};
  const exportItems = [
    { key: "csv", label: "CSV", href: personasExportUrl("csv", exportScope), download: true },
    {
      key: "json",
      label: includeEvidence ? "JSON (with evidence)" : "JSON",
      href: personasExportUrl("json", { ...exportScope, includeEvidence }),
      download: true,
    },
    { key: "template", label: "Template CSV", href: PERSONA_TEMPLATE_URL, download: true },
  ];

  const openForm = (persona: Persona | null) =>
    setForm((f) => ({ open: true, persona, key: f.key + 1 }));

  const useInSession = (persona: Persona) => {
    const state: CreateSessionNavigationState = { persona };
    navigate("/create-session", { state });
  };

  return (
    <>
      <PageHeader
        title="Persona Library"
        description="Simulated consumers with demographics, Big Five personality traits and interests."
        actions={
          <>
            <ExportEvidenceToggle checked={includeEvidence} onChange={setIncludeEvidence} />
            <MenuButton
              label={activeTag ? `Export "${activeTag}"` : "Export"}
              icon={<DownloadIcon aria-hidden="true" />}
              items={exportItems}
            />
            <Button
              variant="outline"
              onClick={() => setImporting((g) => ({ open: true, key: g.key + 1 }))}
            >
              <UploadIcon aria-hidden="true" />
              Import
            </Button>
            <Button
              variant="outline"
              onClick={() => setFromSurvey((g) => ({ open: true, key: g.key + 1 }))}
            >
              <UploadIcon aria-hidden="true" />
              From survey export
            </Button>
            <Button
              variant="outline"
              onClick={() => setGenerate((g) => ({ open: true, key: g.key + 1 }))}
            >
              <SparklesIcon aria-hidden="true" />
              Generate Personas
            </Button>
            <Button onClick={() => openForm(null)}>
              <PlusIcon aria-hidden="true" />
              Create New Persona
            </Button>
          </>
        }
      />

      <div className="mb-6 flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <SearchBox
          className="w-full sm:max-w-sm"
          value={search}
          onChange={setSearch}
          placeholder="Search personas..."
          label="Search personas"
        />
        {personas.data && (
          <p className="flex items-center gap-1.5 text-sm text-muted-foreground" aria-live="polite">
            <UsersIcon className="size-4" aria-hidden="true" />
            {matching === libraryTotal
              ? `${libraryTotal} ${libraryTotal === 1 ? "persona" : "personas"}`
              : `${matching} of ${libraryTotal} personas`}
          </p>
        )}
      </div>

      <TagFilter tags={tags} selected={activeTag} onSelect={setTag} className="mb-6" />

      {personas.isPending ? (
        <div className={GRID} aria-busy="true" aria-label="Loading personas">
          {Array.from({ length: 6 }, (_, i) => (
            <PersonaCardSkeleton key={i} />
          ))}
        </div>
      ) : personas.isError ? (
        <QueryError
          title="Could not load personas"
          error={personas.error}
          onRetry={() => void personas.refetch()}
          retrying={personas.isFetching}
        />
      ) : visible.length === 0 ? (
        <div className="rounded-xl border border-dashed bg-card px-6 py-16 text-center">
          <UsersIcon className="mx-auto mb-3 size-8 text-muted-foreground" aria-hidden="true" />
          <p className="text-muted-foreground">{EMPTY_STATE_TEXT}</p>
        </div>
      ) : (
        <>
          <ul className={GRID} aria-label="Personas">
            {visible.map((persona, index) => (
              <li key={persona.id}>
                <PersonaCard
                  persona={persona}
                  index={index}
                  onUse={useInSession}
                  onEdit={openForm}
                  onDelete={(p) => setDeleting({ open: true, persona: p })}
                  onCopy={
                    copyTargets.length > 0
                      ? (p) => setCopying({ open: true, persona: p })
                      : undefined
                  }
                  audit={auditOf.get(persona.id)}
                />
              </li>
            ))}
          </ul>
          <LoadMore
            shown={visible.length}
            total={matching}
            noun={matching === 1 ? "persona" : "personas"}
            hasMore={hasNextPage}
            loading={isFetchingNextPage}
            onMore={loadMore}
          />
        </>
      )}

      <PersonaFormDialog
        key={`form-${form.key}`}
        open={form.open}
        persona={form.persona}
        onOpenChange={(open) => setForm((f) => ({ ...f, open }))}
      />
      <GeneratePersonasDialog
        key={`generate-${generate.key}`}
        open={generate.open}
        onOpenChange={(open) => setGenerate((g) => ({ ...g, open }))}
      />
      <ImportPersonasDialog
        key={`import-${importing.key}`}
        open={importing.open}
        onOpenChange={(open) => setImporting((g) => ({ ...g, open }))}
      />
      <SurveyPersonasDialog
        key={`survey-${fromSurvey.key}`}
        open={fromSurvey.open}
        onOpenChange={(open) => setFromSurvey((g) => ({ ...g, open }))}
      />
      {copying.persona && (
        <Suspense fallback={null}>
          <CopyToWorkspaceDialog
            key={copying.persona.id}
            open={copying.open}
            persona={copying.persona}
            targets={copyTargets}
            onOpenChange={(open) => setCopying((c) => ({ ...c, open }))}
          />
        </Suspense>
      )}
      <DeletePersonaDialog
        open={deleting.open}
        persona={deleting.persona}
        onOpenChange={(open) => setDeleting((d) => ({ ...d, open }))}
      />
    </>
  );
}
