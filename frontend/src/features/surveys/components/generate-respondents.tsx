import { Loader2Icon, SparklesIcon } from "lucide-react";
import { useState } from "react";
import { toast } from "sonner";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Textarea } from "@/components/ui/textarea";
import type { GeneratePersonasRequest, GeneratePersonasResponse, Persona } from "@/lib/api-types";
import { errorMessage } from "@/lib/api-client";

export const GENERATE_MAX = 100;
const PER_CALL = 20; // the persona generator's own limit per request

/** Batches of at most 20 that add up to `total`. */
export function batches(total: number): number[] {
  const out: number[] = [];
  for (let left = total; left > 0; left -= PER_CALL) out.push(Math.min(PER_CALL, left));
  return out;
}

/** N new personas from a segment description, with the library's generator (`generate`,
 * which the personas feature provides: the screen passes it in); they are saved to the
 * library and selected as respondents. */
export function GenerateRespondents({
  generate,
  onGenerated,
}: {
  generate: (request: GeneratePersonasRequest) => Promise<GeneratePersonasResponse>;
  /** Called after each batch with every persona made so far. */
  onGenerated: (personas: Persona[]) => void;
}) {
  const [description, setDescription] = useState("");
  const [count, setCount] = useState(10);
  const [busy, setBusy] = useState<string | null>(null);
  const onGenerate = async () => {
    const made: Persona[] = [];
    const parts = batches(Math.max(1, Math.min(GENERATE_MAX, count)));
    try {
      for (const [i, n] of parts.entries()) {
        setBusy(`Generating ${i * PER_CALL + 1}-${i * PER_CALL + n} of ${count}…`);
        const result = await generate({ description, count: n, diversity: "high" });
        made.push(...(result.personas as Persona[]));
        onGenerated([...made]);
      }
    } catch (e) {
      toast.error(errorMessage(e, "Could not generate respondents"));
    } finally {
      setBusy(null);
    }
  };
  return (
    <details className="rounded-lg border p-3">
      <summary className="cursor-pointer text-sm font-medium">
        Generate new respondents from a segment description
      </summary>
      <div className="mt-3 grid gap-2">
        <Label htmlFor="segment-description">Segment</Label>
        <Textarea
          id="segment-description"
          placeholder="Busy parents in their 30s who cook at home and shop on a budget"
          value={description}
          onChange={(e) => setDescription(e.target.value)}
        />
        <div className="flex flex-wrap items-end gap-2">
          <div className="grid gap-1.5">
            <Label htmlFor="segment-count">How many (1-{GENERATE_MAX})</Label>
            <Input
              id="segment-count"
              type="number"
              min={1}
              max={GENERATE_MAX}
              className="w-28"
              value={count}
              onChange={(e) => setCount(Number(e.target.value))}
            />
          </div>
          <Button
            type="button"
            variant="outline"
            onClick={() => void onGenerate()}
            disabled={busy !== null}
          >
            {busy ? (
              <Loader2Icon className="animate-spin" aria-hidden="true" />
            ) : (
              <SparklesIcon aria-hidden="true" />
            )}
            Generate
          </Button>
          {busy && (
            <span className="text-sm text-muted-foreground" aria-live="polite">
              {busy}
            </span>
          )}
        </div>
      </div>
    </details>
  );
}
