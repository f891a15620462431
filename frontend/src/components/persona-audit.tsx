import { ClipboardCheckIcon, Loader2Icon } from "lucide-react";
import { toast } from "sonner";
import { Button } from "@/components/ui/button";
import { errorMessage } from "@/lib/api-client";
import type { AuditSummary, Persona, PersonaAudit } from "@/lib/api-types";
import { TRAIT_KEYS, TRAIT_LABELS } from "@/utils/traits";
import { usePersonaAudit, useRunPersonaAudit } from "@/lib/audit-queries";
import { gap, meanGap, shown, TRAIT_LETTERS } from "@/utils/audit";

export const NOT_ENGAGING_TEXT =
  "Gave the same answer to every item: the model did not engage with the questionnaire.";

/** One line on a persona card: the measured Big Five beside the assigned ones. */
export function AuditLine({ audit }: { audit: AuditSummary | PersonaAudit }) {
  const mean = meanGap(audit.assigned, audit.measured);
  return (
    <div className="rounded-md bg-muted/50 px-2.5 py-1.5 text-xs" data-testid="audit-line">
      <p className="font-medium">
        Measured personality
        {mean !== null && (
          <span className="font-normal text-muted-foreground">
            {" "}
            · off by {Math.round(mean)} on average
          </span>
        )}
      </p>
      <p className="mt-0.5 text-muted-foreground tabular-nums">
        {TRAIT_KEYS.map((k) => (
          <span
            key={k}
            className="mr-2"
            title={`${TRAIT_LABELS[k]}: assigned ${shown(audit.assigned[k])}, measured ${shown(audit.measured[k])}`}
          >
            {TRAIT_LETTERS[k]} {shown(audit.measured[k])}
          </span>
        ))}
      </p>
      {!audit.engaging && <p className="mt-0.5 text-amber-800">{NOT_ENGAGING_TEXT}</p>}
    </div>
  );
}

/** Assigned vs measured table with a button to (re)run the audit: in the persona dialog. */
export function PersonaAuditPanel({ persona }: { persona: Persona }) {
  const audit = usePersonaAudit(persona.id);
  const run = useRunPersonaAudit(persona.id);
  const data = audit.data;
  const start = () =>
    run.mutate(undefined, {
      onSuccess: () => toast.success("Personality audit complete"),
      onError: (error) => toast.error(errorMessage(error, "Personality audit failed")),
    });
  return (
    <section
      className="space-y-3"
      aria-labelledby="audit-heading"
      data-testid="persona-audit-panel"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div>
          <h3 id="audit-heading" className="text-sm font-semibold">
            Personality audit
          </h3>
          <p className="text-xs text-muted-foreground">
            The persona answers the 50-item IPIP Big-Five questionnaire in character; its answers
            are scored 0-100 and compared with the numbers it was given.
          </p>
        </div>
        <Button type="button" variant="outline" size="sm" onClick={start} disabled={run.isPending}>
          {run.isPending ? (
            <Loader2Icon className="animate-spin" aria-hidden="true" />
          ) : (
            <ClipboardCheckIcon aria-hidden="true" />
          )}
          {run.isPending ? "Auditing..." : data ? "Audit again" : "Run audit"}
        </Button>
      </div>
      {data ? (
        <>
          <table className="w-full text-sm" aria-label="Assigned and measured personality">
            <thead>
              <tr className="text-left text-xs text-muted-foreground">
                <th scope="col" className="py-1 font-medium">
                  Trait
                </th>
                <th scope="col" className="py-1 text-right font-medium">
                  Assigned
                </th>
                <th scope="col" className="py-1 text-right font-medium">
                  Measured
                </th>
                <th scope="col" className="py-1 text-right font-medium">
                  Difference
                </th>
              </tr>
            </thead>
            <tbody className="tabular-nums">
              {TRAIT_KEYS.map((k) => (
                <tr key={k} className="border-t">
                  <th scope="row" className="py-1 text-left font-normal">
                    {TRAIT_LABELS[k]}
                  </th>
                  <td className="py-1 text-right">{shown(data.assigned[k])}</td>
                  <td className="py-1 text-right" data-testid={`measured-${k}`}>
                    {shown(data.measured[k])}
                  </td>
                  <td className="py-1 text-right">{gap(data.assigned[k], data.measured[k])}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <p className="text-xs text-muted-foreground">
            {data.answered} of 50 items answered by {data.model || "the model"}.
          </p>
          {!data.engaging && <p className="text-xs text-amber-800">{NOT_ENGAGING_TEXT}</p>}
        </>
      ) : (
        !audit.isPending && <p className="text-sm text-muted-foreground">Not audited yet.</p>
      )}
    </section>
  );
}
