import { EVIDENCE_TIERS } from "@/components/evidence-tier-badge";

/** A filter of personas by evidence tier; null shows all tiers. */
export function EvidenceTierFilter({
  value,
  onChange,
  className,
}: {
  value: string | null;
  onChange: (tier: string | null) => void;
  className?: string;
}) {
  return (
    <label className={`flex items-center gap-2 text-sm text-muted-foreground ${className ?? ""}`}>
      Evidence
      <select
        className="h-8 rounded-md border bg-background px-2 text-sm text-foreground"
        value={value ?? ""}
        onChange={(e) => onChange(e.target.value || null)}
        data-testid="evidence-tier-filter"
      >
        <option value="">All tiers</option>
        {EVIDENCE_TIERS.map((t) => (
          <option key={t} value={t}>
            {t}
          </option>
        ))}
      </select>
    </label>
  );
}
