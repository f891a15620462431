import { GaugeIcon } from "lucide-react";
import { useId, useState } from "react";
import { Button } from "@/components/ui/button";
import { Card, CardContent } from "@/components/ui/card";
import { Label } from "@/components/ui/label";
import { errorMessage } from "@/lib/api-client";
import { strengthWords, useCalibrate } from "../api/calibration";
import { useScales } from "../api/surveys";

/** "Check the rating against real answers": upload people's own answers with their own
 * ratings and see how closely SSR's ratings follow them, in numbers and words. */
export function CalibrationPanel() {
  const fileId = useId();
  const scaleId = useId();
  const scales = useScales();
  const check = useCalibrate();
  const [file, setFile] = useState<File | null>(null);
  const [scale, setScale] = useState("purchase_intent");
  const result = check.data;
  return (
    <Card className="mt-6">
      <CardContent className="space-y-4 py-5">
        <div className="flex items-start gap-3">
          <GaugeIcon className="mt-0.5 size-5 text-muted-foreground" aria-hidden="true" />
          <div className="space-y-1">
            <h2 className="font-semibold">Check the rating against real answers</h2>
            <p className="text-sm text-muted-foreground">
              Upload a CSV of people&apos;s own answers with the rating each person gave (columns{" "}
              <code>text</code> and <code>rating</code>). Colloquy rates each answer as it rates a
              survey and shows how closely its ratings follow the people&apos;s.
            </p>
          </div>
        </div>
        <form
          className="flex flex-wrap items-end gap-3"
          onSubmit={(e) => {
            e.preventDefault();
            if (file) check.mutate({ file, scale });
          }}
        >
          <div className="space-y-1">
            <Label htmlFor={fileId}>Answers (CSV)</Label>
            <input
              id={fileId}
              type="file"
              accept=".csv,text/csv"
              className="block text-sm"
              onChange={(e) => {
                setFile(e.target.files?.[0] ?? null);
                check.reset();
              }}
            />
          </div>
          <div className="space-y-1">
            <Label htmlFor={scaleId}>Scale</Label>
            <select
              id={scaleId}
              className="h-9 rounded-md border bg-background px-2 text-sm"
              value={scale}
              onChange={(e) => setScale(e.target.value)}
            >
              {(scales.data ?? [{ key: "purchase_intent", label: "Purchase intent" }]).map((s) => (
                <option key={s.key} value={s.key}>
                  {s.label}
                </option>
              ))}
            </select>
          </div>
          <Button type="submit" disabled={!file || check.isPending}>
            {check.isPending ? "Rating the answers…" : "Check"}
          </Button>
        </form>
        {check.isError ? (
          <p role="alert" className="text-sm text-destructive">
            {errorMessage(check.error, "Could not check the answers")}
          </p>
        ) : null}
        {result ? (
          <div className="space-y-2 text-sm" aria-live="polite">
            <p>
              On {result.n} answers, Colloquy&apos;s ratings show {strengthWords(result.pearson)}{" "}
              with the people&apos;s own; they are {result.mae.toFixed(2)} points off on average.
            </p>
            <dl className="grid grid-cols-2 gap-x-6 gap-y-1 sm:grid-cols-4">
              <dt className="text-muted-foreground">Spearman</dt>
              <dd className="tabular-nums">
                {result.spearman === null ? "–" : result.spearman.toFixed(2)}
              </dd>
              <dt className="text-muted-foreground">Distribution gap (KS)</dt>
              <dd className="tabular-nums">{result.ks.toFixed(2)}</dd>
              <dt className="text-muted-foreground">Mean: people / Colloquy</dt>
              <dd className="tabular-nums">
                {result.mean.human.toFixed(2)} / {result.mean.ssr.toFixed(2)}
              </dd>
              <dt className="text-muted-foreground">Spread: people / Colloquy</dt>
              <dd className="tabular-nums">
                {result.sd.human.toFixed(2)} / {result.sd.ssr.toFixed(2)}
              </dd>
            </dl>
            <p className="text-muted-foreground">Embeddings: {result.embedder}</p>
          </div>
        ) : null}
      </CardContent>
    </Card>
  );
}
