import {
  CopyIcon,
  PencilIcon,
  SparklesIcon,
  TagIcon,
  Trash2Icon,
  UserPlusIcon,
} from "lucide-react";
import { EvidenceTierBadge } from "@/components/evidence-tier-badge";
import { PersonaAvatar } from "@/components/persona-avatar";
import { TraitBars } from "@/components/trait-bars";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Tooltip, TooltipContent, TooltipTrigger } from "@/components/ui/tooltip";
import { AuditLine } from "@/components/persona-audit";
import type { AuditSummary, Persona } from "@/lib/api-types";

export interface PersonaCardProps {
  persona: Persona;
  /** Position in the displayed list (selects the avatar colour). */
  index: number;
  onUse: (persona: Persona) => void;
  onEdit: (persona: Persona) => void;
  onDelete: (persona: Persona) => void;
  /** Copy to another workspace; the action shows only when given (a workspace to copy to). */
  onCopy?: (persona: Persona) => void;
  /** The latest personality audit, shown as measured beside assigned traits. */
  audit?: AuditSummary | null;
}

export function PersonaCard({
  persona,
  index,
  onUse,
  onEdit,
  onDelete,
  onCopy,
  audit,
}: PersonaCardProps) {
  const headingId = `persona-${persona.id}-name`;
  return (
    <Card
      role="article"
      aria-labelledby={headingId}
      data-testid="persona-card"
      className="h-full gap-5 p-5 transition-shadow hover:shadow-md"
    >
      <div className="flex items-start gap-3">
        <PersonaAvatar name={persona.name} index={index} />
        <div className="min-w-0 flex-1">
          <h2 id={headingId} className="truncate font-semibold leading-tight" title={persona.name}>
            {persona.name}
          </h2>
          <p className="mt-0.5 truncate text-sm text-muted-foreground">
            {persona.age} · {persona.location}
          </p>
          <EvidenceTierBadge evidence={persona.evidence} className="mt-1.5 mr-1" />
          {persona.generatedFrom && (
            <Badge variant="accent" className="mt-1.5" title={persona.generatedFrom}>
              <SparklesIcon aria-hidden="true" />
              AI generated
            </Badge>
          )}
          {(persona.tags ?? []).length > 0 && (
            <ul className="mt-1.5 flex flex-wrap gap-1" aria-label="Tags">
              {(persona.tags ?? []).map((tag) => (
                <li key={tag}>
                  <Badge variant="outline" data-testid="persona-tag">
                    <TagIcon aria-hidden="true" />
                    {tag}
                  </Badge>
                </li>
              ))}
            </ul>
          )}
        </div>
        <Tooltip>
          <TooltipTrigger asChild>
            <Button
              variant="ghost"
              size="icon-sm"
              aria-label="Delete persona"
              className="-mt-1 -mr-1 text-muted-foreground hover:text-destructive"
              onClick={() => onDelete(persona)}
            >
              <Trash2Icon />
            </Button>
          </TooltipTrigger>
          <TooltipContent>Delete persona</TooltipContent>
        </Tooltip>
      </div>

      <TraitBars traits={persona.traits} />
      {audit && <AuditLine audit={audit} />}

      {persona.interests.length > 0 && (
        <ul className="flex flex-wrap gap-1.5" aria-label="Interests">
          {persona.interests.map((interest, i) => (
            <li key={`${i}-${interest}`}>
              <Badge variant="secondary">{interest}</Badge>
            </li>
          ))}
        </ul>
      )}

      <div className="mt-auto flex gap-2 pt-1">
        <Button className="flex-1" size="sm" onClick={() => onUse(persona)}>
          <UserPlusIcon aria-hidden="true" />
          Use in Session
        </Button>
        <Button variant="outline" size="sm" onClick={() => onEdit(persona)}>
          <PencilIcon aria-hidden="true" />
          Edit
        </Button>
        {onCopy && (
          <Tooltip>
            <TooltipTrigger asChild>
              <Button
                variant="outline"
                size="sm"
                aria-label="Copy to workspace"
                onClick={() => onCopy(persona)}
              >
                <CopyIcon aria-hidden="true" />
              </Button>
            </TooltipTrigger>
            <TooltipContent>Copy to workspace</TooltipContent>
          </Tooltip>
        )}
      </div>
    </Card>
  );
}

export function PersonaCardSkeleton() {
  return (
    <Card className="gap-5 p-5" data-testid="persona-card-skeleton">
      <div className="flex items-center gap-3">
        <div className="size-11 animate-pulse rounded-full bg-muted" />
        <div className="flex-1 space-y-2">
          <div className="h-4 w-2/3 animate-pulse rounded bg-muted" />
          <div className="h-3 w-1/2 animate-pulse rounded bg-muted" />
        </div>
      </div>
      <div className="space-y-3">
        {Array.from({ length: 5 }, (_, i) => (
          <div key={i} className="h-5 animate-pulse rounded bg-muted" />
        ))}
      </div>
      <div className="flex gap-2">
        <div className="h-8 flex-1 animate-pulse rounded-md bg-muted" />
        <div className="h-8 w-16 animate-pulse rounded-md bg-muted" />
      </div>
    </Card>
  );
}
