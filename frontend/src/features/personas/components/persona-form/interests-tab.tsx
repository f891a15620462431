import { PlusIcon, XIcon } from "lucide-react";
import { useState } from "react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import type { PersonaForm } from "../../hooks/use-persona-form";
import { MAX_INTERESTS } from "../../utils/persona-form";

export function InterestsTab({ form }: { form: PersonaForm }) {
  const { values, addInterest, removeInterest } = form;
  const [draft, setDraft] = useState("");
  const atLimit = values.interests.length >= MAX_INTERESTS;

  const add = () => {
    const result = addInterest(draft);
    if (result.added || result.reason === "duplicate") setDraft("");
  };

  return (
    <div className="space-y-4">
      <div className="space-y-2">
        <Label htmlFor="persona-interest">Add interest</Label>
        <div className="flex gap-2">
          <Input
            id="persona-interest"
            value={draft}
            placeholder="e.g. Sustainable living"
            disabled={atLimit}
            autoComplete="off"
            onChange={(e) => setDraft(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === "Enter") {
                e.preventDefault();
                add();
              }
            }}
          />
          <Button variant="secondary" onClick={add} disabled={atLimit}>
            <PlusIcon aria-hidden="true" />
            Add
          </Button>
        </div>
        <p className="text-xs text-muted-foreground" aria-live="polite">
          {atLimit
            ? `Maximum of ${MAX_INTERESTS} interests reached. Remove one to add another.`
            : `Press Enter to add. ${values.interests.length}/${MAX_INTERESTS} interests.`}
        </p>
      </div>

      {values.interests.length === 0 ? (
        <p className="rounded-lg border border-dashed px-4 py-6 text-center text-sm text-muted-foreground">
          No interests yet. Add at least one.
        </p>
      ) : (
        <ul className="flex flex-wrap gap-2" aria-label="Interests">
          {values.interests.map((interest, index) => (
            <li key={`${index}-${interest}`}>
              <Badge variant="secondary" className="gap-1 py-1 pr-1 pl-3 text-sm">
                {interest}
                <button
                  type="button"
                  aria-label={`Remove ${interest}`}
                  className="rounded-full p-0.5 outline-none hover:bg-foreground/10 focus-visible:ring-2 focus-visible:ring-ring cursor-pointer"
                  onClick={() => removeInterest(index)}
                >
                  <XIcon className="size-3.5" />
                </button>
              </Badge>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
