import { Loader2Icon } from "lucide-react";
import { useState } from "react";
import { toast } from "sonner";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { errorMessage } from "@/lib/api-client";
import { useRaiseBudget } from "@/components/usage/queries";
import { parseBudget } from "@/components/usage/format";

export interface BudgetRaiseProps {
  kind: "sessions" | "surveys";
  id: string;
  /** Continue the run once the budget is raised (Retry / Run). */
  onRaised: () => void;
}

/** Shown with 'Budget reached: ...': raise the run's budget and continue. */
export function BudgetRaise({ kind, id, onRaised }: BudgetRaiseProps) {
  const raise = useRaiseBudget(kind, id);
  const [text, setText] = useState("");
  const parsed = parseBudget(text);
  return (
    <form
      className="flex flex-wrap items-end gap-2"
      data-testid="budget-raise"
      onSubmit={(e) => {
        e.preventDefault();
        if (parsed.value == null) return;
        raise.mutate(parsed.value, {
          onSuccess: onRaised,
          onError: (err) => toast.error(errorMessage(err, "Could not raise the budget")),
        });
      }}
    >
      <div className="space-y-1">
        <Label htmlFor={`raise-${id}`}>New budget (USD)</Label>
        <Input
          id={`raise-${id}`}
          inputMode="decimal"
          className="w-36"
          value={text}
          onChange={(e) => setText(e.target.value)}
        />
      </div>
      <Button type="submit" disabled={parsed.value == null || raise.isPending}>
        {raise.isPending && <Loader2Icon className="animate-spin" aria-hidden="true" />}
        Raise budget and continue
      </Button>
      {parsed.error && (
        <p className="w-full text-xs text-destructive" role="alert">
          {parsed.error}
        </p>
      )}
    </form>
  );
}
