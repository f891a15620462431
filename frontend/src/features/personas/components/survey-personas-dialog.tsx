import { AlertTriangleIcon, Loader2Icon } from "lucide-react";
import { useId, useState } from "react";
import { toast } from "sonner";
import { Button } from "@/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "@/components/ui/dialog";
import { errorMessage } from "@/lib/api-client";
import {
  COLUMN_USES,
  type SurveyImport,
  usePreviewSurveyImport,
  useSurveyImport,
} from "../api/from-survey";

/** Personas from a survey export: one per row, columns mapped to demographics
 * in a preview, the open answers as evidence. Nothing is stored while any row has an error. */
export function SurveyPersonasDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (o: boolean) => void;
}) {
  const inputId = useId();
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<SurveyImport | null>(null);
  const [error, setError] = useState<string | null>(null);
  const check = usePreviewSurveyImport();
  const run = useSurveyImport();

  const previewWith = (chosen: File, mapping: Record<string, string> | null) => {
    setError(null);
    check.mutate(
      { file: chosen, mapping },
      {
        onSuccess: setPreview,
        onError: (e) => setError(errorMessage(e, "Could not read the file")),
      },
    );
  };
  const setUse = (column: string, use: string) => {
    if (!file || !preview) return;
    previewWith(file, { ...preview.mapping, [column]: use });
  };
  const ok = preview && preview.errors.length === 0 && preview.invalid === 0 && preview.valid > 0;

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-2xl">
        <DialogHeader>
          <DialogTitle>Personas from a survey export</DialogTitle>
          <DialogDescription>
            A CSV with one respondent per row. Map columns to demographics; the open answers become
            each persona&apos;s evidence.
          </DialogDescription>
        </DialogHeader>
        <div className="space-y-4">
          <label htmlFor={inputId} className="block text-sm font-medium">
            Survey export (CSV)
          </label>
          <input
            id={inputId}
            type="file"
            accept=".csv,text/csv"
            data-testid="survey-file-input"
            onChange={(e) => {
              const chosen = e.target.files?.[0] ?? null;
              setFile(chosen);
              setPreview(null);
              if (chosen) previewWith(chosen, null);
            }}
          />
          {check.isPending && <Loader2Icon className="animate-spin" aria-label="Checking" />}
          {error && (
            <p role="alert" className="text-sm text-destructive">
              {error}
            </p>
          )}
          {preview && (
            <>
              <table className="w-full text-sm" aria-label="Column mapping">
                <tbody>
                  {preview.columns.map((c) => (
                    <tr key={c} className="border-b last:border-0">
                      <th scope="row" className="py-1 pr-2 text-left font-normal">
                        {c}
                      </th>
                      <td className="py-1">
                        <select
                          aria-label={`Use of ${c}`}
                          className="h-8 rounded-md border bg-background px-2"
                          value={preview.mapping[c]}
                          onChange={(e) => setUse(c, e.target.value)}
                        >
                          {COLUMN_USES.map((u) => (
                            <option key={u} value={u}>
                              {u}
                            </option>
                          ))}
                        </select>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
              {[...preview.errors, ...preview.rows.flatMap((r) => r.errors)].length > 0 && (
                <ul
                  role="alert"
                  className="max-h-40 space-y-1 overflow-auto text-sm text-destructive"
                >
                  {[...preview.errors, ...preview.rows.flatMap((r) => r.errors)].map((m) => (
                    <li key={m} className="flex gap-1.5">
                      <AlertTriangleIcon className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
                      {m}
                    </li>
                  ))}
                </ul>
              )}
              <p className="text-sm text-muted-foreground" data-testid="survey-import-summary">
                {preview.valid} of {preview.rows.length} rows ready
              </p>
            </>
          )}
        </div>
        <DialogFooter>
          <Button variant="outline" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button
            disabled={!ok || run.isPending}
            onClick={() =>
              file &&
              preview &&
              run.mutate(
                { file, mapping: preview.mapping },
                {
                  onSuccess: (r) => {
                    toast.success(`Created ${r.imported} grounded personas`);
                    onOpenChange(false);
                  },
                  onError: (e) => toast.error(errorMessage(e, "Import failed")),
                },
              )
            }
          >
            {run.isPending && <Loader2Icon className="animate-spin" />}
            Create {preview?.valid ?? 0} {preview?.valid === 1 ? "persona" : "personas"}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
