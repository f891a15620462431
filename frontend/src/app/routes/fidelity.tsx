import { ClipboardCheckIcon, Loader2Icon } from "lucide-react";
import { lazy, Suspense } from "react";
import { toast } from "sonner";
import { PageHeader } from "@/components/page-header";
import { QueryError } from "@/components/query-error";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { errorMessage } from "@/lib/api-client";
import type { LibraryAudit } from "@/lib/api-types";
import { TRAIT_KEYS, TRAIT_LABELS } from "@/utils/traits";
import { useLibraryAudit, useStartLibraryAudit } from "@/lib/audit-queries";
import { formatR } from "@/utils/audit";

const TraitScatter = lazy(() => import("@/features/trust/components/trait-scatter"));

export const FIDELITY_INTRO =
  "Each persona answers the 50-item IPIP Big-Five questionnaire (Goldberg 1992) in character. " +
  "If the model plays the personality it was given, measured scores follow assigned ones: " +
  "a correlation (r) near 1 and a small average difference.";

function Progress({ job }: { job: LibraryAudit["job"] }) {
  if (!job.running && job.total === 0) return null;
  const pct = job.total ? Math.round((job.done / job.total) * 100) : 100;
  return (
    <div className="space-y-1.5" data-testid="audit-progress">
      <p className="text-sm" aria-live="polite">
        {job.running
          ? `Auditing personas: ${job.done} of ${job.total} done`
          : `Last library audit: ${job.done - job.failed} of ${job.total} personas audited`}
        {job.failed > 0 && `, ${job.failed} failed`}
      </p>
      <div
        role="progressbar"
        aria-label="Library audit progress"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={pct}
        className="h-2 overflow-hidden rounded-full bg-muted"
      >
        <div className="h-full bg-primary transition-all" style={{ width: `${pct}%` }} />
      </div>
      {job.errors.length > 0 && (
        <p className="text-xs text-destructive">{job.errors[job.errors.length - 1]}</p>
      )}
    </div>
  );
}

function TraitCard({ data, trait }: { data: LibraryAudit; trait: (typeof TRAIT_KEYS)[number] }) {
  const stats = data.traits[trait];
  const points = data.audits
    .filter((a) => a.engaging && typeof a.measured[trait] === "number")
    .map((a) => ({
      name: a.personaName,
      assigned: Math.round(a.assigned[trait] ?? 50),
      measured: Math.round(a.measured[trait] ?? 50),
    }));
  return (
    <Card data-testid={`fidelity-${trait}`}>
      <CardHeader>
        <CardTitle>{TRAIT_LABELS[trait]}</CardTitle>
        <CardDescription>
          r = {formatR(stats?.r)}
          {typeof stats?.mae === "number" && ` · off by ${stats.mae} points on average`} ·{" "}
          {stats?.n ?? 0} personas
        </CardDescription>
      </CardHeader>
      <CardContent>
        <Suspense fallback={<div className="h-[220px] animate-pulse rounded bg-muted" />}>
          <TraitScatter points={points} label={TRAIT_LABELS[trait]} />
        </Suspense>
      </CardContent>
    </Card>
  );
}

function Anchors({ data }: { data: LibraryAudit }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>How this library compares</CardTitle>
        <CardDescription>{FIDELITY_INTRO}</CardDescription>
      </CardHeader>
      <CardContent>
        <table
          className="w-full max-w-lg text-sm"
          aria-label="Correlation against published figures"
        >
          <tbody className="tabular-nums">
            <tr className="border-b">
              <th scope="row" className="py-1.5 text-left font-medium">
                This library{data.models.length > 0 && ` (${data.models.join(", ")})`}
              </th>
              <td className="py-1.5 text-right font-semibold" data-testid="library-mean-r">
                mean r = {formatR(data.meanR)}
              </td>
            </tr>
            {(data.byTier ?? []).map((t) => (
              <tr key={t.tier} className="border-b" data-testid="tier-mean-r">
                <th scope="row" className="py-1.5 pl-4 text-left font-normal">
                  {t.tier} personas ({t.audited} audited)
                </th>
                <td className="py-1.5 text-right">mean r = {formatR(t.meanR ?? null)}</td>
              </tr>
            ))}
            {data.anchors.map((a) => (
              <tr key={a.label} className="border-b last:border-0">
                <th scope="row" className="py-1.5 text-left font-normal text-muted-foreground">
                  {a.label}
                </th>
                <td className="py-1.5 text-right">r = {a.r.toFixed(2)}</td>
              </tr>
            ))}
          </tbody>
        </table>
        <p className="mt-3 text-xs text-muted-foreground">
          {data.audited} personas audited
          {data.notEngaging > 0 &&
            `; ${data.notEngaging} gave the same answer to every item and are left out`}
          .
        </p>
      </CardContent>
    </Card>
  );
}

/** /fidelity: does each persona measure as the personality it was given? */
export function FidelityPage() {
  const audit = useLibraryAudit();
  const start = useStartLibraryAudit();
  const running = audit.data?.job.running ?? false;
  const onStart = () =>
    start.mutate(undefined, {
      onError: (error) => toast.error(errorMessage(error, "Could not start the audit")),
    });
  return (
    <>
      <PageHeader
        title="Persona Fidelity"
        description="Assigned Big Five against what a personality questionnaire measures, persona by persona."
        actions={
          <Button onClick={onStart} disabled={running || start.isPending}>
            {running || start.isPending ? (
              <Loader2Icon className="animate-spin" aria-hidden="true" />
            ) : (
              <ClipboardCheckIcon aria-hidden="true" />
            )}
            {running ? "Auditing..." : "Audit whole library"}
          </Button>
        }
      />
      {audit.isPending ? (
        <div
          className="h-40 animate-pulse rounded-xl bg-muted"
          aria-busy="true"
          aria-label="Loading audit"
        />
      ) : audit.isError ? (
        <QueryError
          title="Could not load the audit"
          error={audit.error}
          onRetry={() => void audit.refetch()}
          retrying={audit.isFetching}
        />
      ) : (
        <div className="grid gap-5">
          <Progress job={audit.data.job} />
          <Anchors data={audit.data} />
          <div className="grid gap-5 md:grid-cols-2 xl:grid-cols-3">
            {TRAIT_KEYS.map((t) => (
              <TraitCard key={t} data={audit.data} trait={t} />
            ))}
          </div>
        </div>
      )}
    </>
  );
}
