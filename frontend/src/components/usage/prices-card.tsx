import { CoinsIcon, Loader2Icon, PlusIcon, Trash2Icon } from "lucide-react";
import { useEffect, useState } from "react";
import { toast } from "sonner";
import { QueryError } from "@/components/query-error";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Skeleton } from "@/components/ui/skeleton";
import { errorMessage } from "@/lib/api-client";
import {
  useDefaultBudget,
  usePriceDefaults,
  usePrices,
  useResetPrices,
  useSaveDefaultBudget,
  useSavePrices,
} from "@/components/usage/queries";
import { parseBudget } from "@/components/usage/format";
import type { PriceTable } from "@/components/usage/types";

interface Row {
  model: string;
  input: string;
  output: string;
  cachedInput: string;
  cacheWrite: string;
}

const PRICE_KEYS = ["input", "output", "cachedInput", "cacheWrite"] as const;
const OPTIONAL: ReadonlySet<string> = new Set(["cachedInput", "cacheWrite"]);
const LABELS: Record<(typeof PRICE_KEYS)[number], string> = {
  input: "Input price",
  output: "Output price",
  cachedInput: "Cached input price",
  cacheWrite: "Cache write price",
};

const toRows = (table: PriceTable): Row[] =>
  Object.entries(table).map(([model, p]) => ({
    model,
    input: String(p.input),
    output: String(p.output),
    cachedInput: String(p.cachedInput),
    cacheWrite: p.cacheWrite == null ? "" : String(p.cacheWrite),
  }));

/** The rows as the table the API takes, or the first problem (named like the server names it). */
export function rowsToTable(rows: readonly Row[]): { table: PriceTable; error: string | null } {
  const table: PriceTable = {};
  for (const row of rows) {
    const model = row.model.trim();
    if (!model) return { table, error: "Every price needs a model name" };
    const values: Record<string, number> = {};
    for (const key of PRICE_KEYS) {
      const text = row[key].trim();
      if (OPTIONAL.has(key) && !text) continue;
      const n = Number(text);
      if (!text || !Number.isFinite(n))
        return { table, error: `${model}: ${key} must be a number (USD per 1M tokens)` };
      if (n < 0) return { table, error: `${model}: ${key} must be 0 or more` };
      values[key] = n;
    }
    table[model] = {
      input: values.input,
      output: values.output,
      cachedInput: values.cachedInput ?? values.input,
      cacheWrite: values.cacheWrite ?? null,
    };
  }
  return { table, error: null };
}

/** Settings: the default budget of a run, the default price table's version and date, and the
 * researcher's own prices (USD per 1M tokens) that override it per model. */
export function PricesCard() {
  const prices = usePrices();
  const defaults = usePriceDefaults();
  const budget = useDefaultBudget();
  return (
    <Card data-testid="prices-card">
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <CoinsIcon className="size-4 text-primary" aria-hidden="true" />
          Cost and budget
        </CardTitle>
        <CardDescription>
          Prices in US dollars per 1M tokens price what each provider reports for each call. The
          embedded model costs nothing. Your prices below override the default table per model; a
          row named <code>*</code> is the fallback price of any other model. A run with a budget on
          a model that has no price does not start.
        </CardDescription>
        {defaults.data && (
          <p className="text-xs text-muted-foreground" data-testid="price-table-version">
            Default prices: {defaults.data.source} {defaults.data.version}
            {defaults.data.asOf ? `, newest price change ${defaults.data.asOf}` : ""}.
          </p>
        )}
      </CardHeader>
      <CardContent className="space-y-6">
        {budget.isPending || prices.isPending ? (
          <Skeleton className="h-40 w-full" />
        ) : budget.isError || prices.isError ? (
          <QueryError
            title="Could not load the prices"
            error={prices.error ?? budget.error}
            onRetry={() => void prices.refetch()}
          />
        ) : (
          <>
            <DefaultBudgetForm current={budget.data.budgetUsd ?? null} />
            <PriceTableForm table={prices.data} />
          </>
        )}
      </CardContent>
    </Card>
  );
}

function DefaultBudgetForm({ current }: { current: number | null }) {
  const save = useSaveDefaultBudget();
  const [text, setText] = useState(current == null ? "" : String(current));
  const parsed = parseBudget(text);
  return (
    <form
      className="flex flex-wrap items-end gap-3"
      onSubmit={(e) => {
        e.preventDefault();
        if (parsed.error) return;
        save.mutate(parsed.value, {
          onSuccess: () => toast.success("Default budget saved"),
          onError: (err) => toast.error(errorMessage(err, "Could not save the budget")),
        });
      }}
    >
      <div className="space-y-1.5">
        <Label htmlFor="default-budget">Default budget per session or survey (USD)</Label>
        <Input
          id="default-budget"
          inputMode="decimal"
          className="w-48"
          placeholder="No budget"
          value={text}
          aria-invalid={parsed.error ? true : undefined}
          aria-describedby="default-budget-hint"
          onChange={(e) => setText(e.target.value)}
        />
      </div>
      <Button type="submit" variant="outline" disabled={!!parsed.error || save.isPending}>
        {save.isPending && <Loader2Icon className="animate-spin" aria-hidden="true" />}
        Save budget
      </Button>
      <p
        id="default-budget-hint"
        className="w-full text-xs text-muted-foreground"
        role={parsed.error ? "alert" : undefined}
      >
        {parsed.error ??
          "A run stops before the call that would pass it; raise it and continue. Empty: no budget."}
      </p>
    </form>
  );
}

function PriceTableForm({ table }: { table: PriceTable }) {
  const save = useSavePrices();
  const reset = useResetPrices();
  const [rows, setRows] = useState<Row[]>(() => toRows(table));
  useEffect(() => setRows(toRows(table)), [table]);
  const { table: edited, error } = rowsToTable(rows);
  const update = (i: number, key: keyof Row, value: string) =>
    setRows((rs) => rs.map((r, j) => (j === i ? { ...r, [key]: value } : r)));
  return (
    <form
      className="space-y-3"
      aria-label="Prices"
      onSubmit={(e) => {
        e.preventDefault();
        if (error) return;
        save.mutate(edited, {
          onSuccess: () => toast.success("Prices saved"),
          onError: (err) => toast.error(errorMessage(err, "Could not save the prices")),
        });
      }}
    >
      {/* relative: the header's sr-only cell stays inside the scrolling box on a phone */}
      <div className="relative overflow-x-auto">
        <table className="w-full text-sm">
          <thead className="text-left text-xs text-muted-foreground">
            <tr>
              <th className="py-1 pr-2 font-medium">Model</th>
              <th className="py-1 pr-2 font-medium">Input</th>
              <th className="py-1 pr-2 font-medium">Output</th>
              <th className="py-1 pr-2 font-medium">Cached input</th>
              <th className="py-1 pr-2 font-medium">Cache write</th>
              <th className="sr-only">Remove</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row, i) => (
              <tr key={i}>
                {(["model", ...PRICE_KEYS] as const).map((key) => (
                  <td key={key} className="py-1 pr-2">
                    <Input
                      aria-label={`${key === "model" ? "Model" : LABELS[key]} ${i + 1}`}
                      value={row[key]}
                      inputMode={key === "model" ? undefined : "decimal"}
                      className={key === "model" ? "min-w-40" : "w-24"}
                      onChange={(e) => update(i, key, e.target.value)}
                    />
                  </td>
                ))}
                <td className="py-1">
                  <Button
                    type="button"
                    variant="ghost"
                    size="icon"
                    aria-label={`Remove ${row.model || `row ${i + 1}`}`}
                    onClick={() => setRows((rs) => rs.filter((_, j) => j !== i))}
                  >
                    <Trash2Icon aria-hidden="true" />
                  </Button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {error && (
        <p className="text-sm text-destructive" role="alert">
          {error}
        </p>
      )}
      <div className="flex flex-wrap gap-2">
        <Button
          type="button"
          variant="outline"
          onClick={() =>
            setRows((rs) => [
              ...rs,
              { model: "", input: "", output: "", cachedInput: "", cacheWrite: "" },
            ])
          }
        >
          <PlusIcon aria-hidden="true" />
          Add model
        </Button>
        <Button type="submit" disabled={!!error || save.isPending}>
          {save.isPending && <Loader2Icon className="animate-spin" aria-hidden="true" />}
          Save prices
        </Button>
        <Button
          type="button"
          variant="ghost"
          disabled={reset.isPending}
          onClick={() =>
            reset.mutate(undefined, {
              onSuccess: () => toast.success("Your prices were removed: the defaults apply"),
            })
          }
        >
          Remove my prices
        </Button>
      </div>
    </form>
  );
}
