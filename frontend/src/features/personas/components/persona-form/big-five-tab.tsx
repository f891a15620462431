import { Label } from "@/components/ui/label";
import { Slider } from "@/components/ui/slider";
import type { TraitKey } from "@/lib/api-types";
import { TRAIT_KEYS, TRAIT_LABELS } from "@/utils/traits";
import type { PersonaForm } from "../../hooks/use-persona-form";

const TRAIT_HINTS: Record<TraitKey, string> = {
  openness: "Curiosity and openness to new experiences",
  conscientiousness: "Organisation, diligence and self-discipline",
  extraversion: "Sociability and energy drawn from others",
  agreeableness: "Warmth, cooperation and trust",
  neuroticism: "Tendency toward worry and emotional reactivity",
};

export function BigFiveTab({ form }: { form: PersonaForm }) {
  const { values, setTrait } = form;
  return (
    <div className="space-y-6">
      {TRAIT_KEYS.map((key) => (
        <div key={key} className="space-y-3">
          <div className="flex items-baseline justify-between gap-4">
            <div>
              <Label id={`trait-label-${key}`}>{TRAIT_LABELS[key]}</Label>
              <p className="mt-1 text-xs text-muted-foreground">{TRAIT_HINTS[key]}</p>
            </div>
            <span className="text-sm font-medium tabular-nums" data-testid={`trait-value-${key}`}>
              {values.traits[key]}/100
            </span>
          </div>
          <Slider
            min={0}
            max={100}
            step={1}
            value={[values.traits[key]]}
            onValueChange={([v]) => setTrait(key, v ?? 50)}
            aria-label={TRAIT_LABELS[key]}
          />
        </div>
      ))}
    </div>
  );
}
