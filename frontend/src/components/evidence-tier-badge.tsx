import { FileTextIcon, SparklesIcon, UserIcon } from "lucide-react";
import { Badge } from "@/components/ui/badge";
import type { components } from "@/lib/api-schema";

export type EvidenceTier = components["schemas"]["EvidenceTierOut"];
export const EVIDENCE_TIERS = ["described", "generated", "grounded"] as const;

/** "grounded (2 documents, 1,200 words)", "generated", "described". */
export function tierLabel(evidence: EvidenceTier): string {
  if (evidence.tier !== "grounded") return evidence.tier;
  const docs = `${evidence.documents} document${evidence.documents === 1 ? "" : "s"}`;
  return `grounded (${docs}, ${evidence.words.toLocaleString("en-US")} words)`;
}

/** How much a persona rests on evidence: described, generated or grounded. Nothing for
 * snapshots made before tiers existed. */
export function EvidenceTierBadge({
  evidence,
  className,
}: {
  evidence?: EvidenceTier | null;
  className?: string;
}) {
  if (!evidence) return null;
  const Icon =
    evidence.tier === "grounded"
      ? FileTextIcon
      : evidence.tier === "generated"
        ? SparklesIcon
        : UserIcon;
  return (
    <Badge
      variant={evidence.tier === "grounded" ? "accent" : "outline"}
      className={className}
      data-testid="evidence-tier"
      title="Evidence tier: described (traits and demographics only), generated (from a description), grounded (with evidence documents)"
    >
      <Icon aria-hidden="true" />
      {tierLabel(evidence)}
    </Badge>
  );
}
