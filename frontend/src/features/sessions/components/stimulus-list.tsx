import { XIcon } from "lucide-react";
import { Button } from "@/components/ui/button";
import type { StimulusInput } from "@/lib/api-types";
import { STIMULUS_ICONS } from "./stimulus-icons";
import { StimulusBadge } from "./stimulus-badge";

export interface StimulusListProps {
  stimuli: readonly StimulusInput[];
  onRemove: (index: number) => void;
}

function preview(stimulus: StimulusInput): string {
  return stimulus.type === "text" ? stimulus.content.replace(/\s+/g, " ") : stimulus.content;
}

/** The stimuli added so far, each with its platform badge and a remove button. */
export function StimulusList({ stimuli, onRemove }: StimulusListProps) {
  if (stimuli.length === 0) return null;
  return (
    <ul className="divide-y rounded-lg border" aria-label="Added stimuli">
      {stimuli.map((stimulus, index) => {
        const Icon = STIMULUS_ICONS[stimulus.type];
        return (
          <li
            key={stimulus.id ?? index}
            className="flex items-center gap-3 px-3 py-2.5"
            data-testid="stimulus-item"
          >
            {stimulus.type === "image" ? (
              <img
                src={stimulus.content}
                alt=""
                className="size-10 shrink-0 rounded-md border bg-muted object-cover"
                loading="lazy"
              />
            ) : (
              <span className="flex size-10 shrink-0 items-center justify-center rounded-md bg-secondary text-muted-foreground">
                <Icon className="size-4" aria-hidden="true" />
              </span>
            )}
            <div className="min-w-0 flex-1">
              <div className="flex items-center gap-2">
                <p className="truncate text-sm font-medium">{stimulus.title}</p>
                <StimulusBadge stimulus={stimulus} />
              </div>
              <p className="truncate text-xs text-muted-foreground">{preview(stimulus)}</p>
            </div>
            <Button
              variant="ghost"
              size="icon-sm"
              aria-label={`Remove ${stimulus.title}`}
              className="text-muted-foreground hover:text-destructive"
              onClick={() => onRemove(index)}
            >
              <XIcon />
            </Button>
          </li>
        );
      })}
    </ul>
  );
}
