import {
  AlertTriangleIcon,
  CheckCircle2Icon,
  DownloadIcon,
  Loader2Icon,
  UploadIcon,
} from "lucide-react";
import { useId, useRef, useState } from "react";
import { toast } from "sonner";
import { Button, buttonVariants } from "@/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "@/components/ui/dialog";
import { errorMessage } from "@/lib/api-client";
import type { PersonaImportResult } from "@/lib/api-types";
import { cn } from "@/utils/cn";
import { PERSONA_TEMPLATE_URL, useImportPersonas, usePreviewImport } from "../api/import-personas";

export interface ImportPersonasDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

export function importButtonLabel(valid: number): string {
  return `Import ${valid} valid ${valid === 1 ? "persona" : "personas"}`;
}

/**
 * Import personas from a CSV or JSON file: the server checks every row first (dry run) and the
 * dialog lists the rows with their errors; only then are the valid ones saved, together.
 * Mount with a `key` per opening so it starts fresh.
 */
export function ImportPersonasDialog({ open, onOpenChange }: ImportPersonasDialogProps) {
  const inputId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<PersonaImportResult | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const previewImport = usePreviewImport();
  const runImport = useImportPersonas();

  const choose = (chosen: File | null) => {
    setFile(chosen);
    setPreview(null);
    setFileError(null);
    if (!chosen) return;
    previewImport.mutate(chosen, {
      onSuccess: setPreview,
      onError: (error) => setFileError(errorMessage(error, "Could not read the file")),
    });
  };

  const confirm = () => {
    if (!file) return;
    runImport.mutate(file, {
      onSuccess: (result) => {
        toast.success(
          `Imported ${result.imported} ${result.imported === 1 ? "persona" : "personas"}`,
        );
        onOpenChange(false);
      },
      onError: (error) => toast.error(errorMessage(error, "Import failed")),
    });
  };

  const valid = preview?.valid ?? 0;
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-2xl">
        <DialogHeader>
          <DialogTitle>Import Personas</DialogTitle>
          <DialogDescription>
            Upload a CSV or JSON file. Every row is checked first; nothing is saved until you
            confirm. Interests and tags go in one cell each, separated by ";".
          </DialogDescription>
        </DialogHeader>

        <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
          <input
            ref={inputRef}
            id={inputId}
            type="file"
            accept=".csv,.json,text/csv,application/json"
            className="sr-only"
            tabIndex={-1}
            aria-label="Persona file (CSV or JSON)"
            data-testid="import-file-input"
            onChange={(e) => choose(e.target.files?.[0] ?? null)}
          />
          <Button variant="outline" onClick={() => inputRef.current?.click()}>
            <UploadIcon aria-hidden="true" />
            {file ? "Choose another file" : "Choose file"}
          </Button>
          <span className="truncate text-sm text-muted-foreground" aria-live="polite">
            {file ? file.name : "No file chosen"}
          </span>
          <a
            href={PERSONA_TEMPLATE_URL}
            download
            className={cn(buttonVariants({ variant: "link" }), "sm:ml-auto")}
          >
            <DownloadIcon aria-hidden="true" />
            Template CSV
          </a>
        </div>

        {previewImport.isPending && (
          <p className="flex items-center gap-2 text-sm text-muted-foreground" role="status">
            <Loader2Icon className="size-4 animate-spin" aria-hidden="true" />
            Checking rows...
          </p>
        )}
        {fileError && (
          <p
            role="alert"
            className="rounded-md border border-destructive/40 bg-destructive/5 p-3 text-sm text-destructive"
          >
            {fileError}
          </p>
        )}
        {preview && <ImportPreview result={preview} />}

        <DialogFooter>
          <Button variant="outline" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button onClick={confirm} disabled={!preview || valid === 0 || runImport.isPending}>
            {runImport.isPending && <Loader2Icon className="animate-spin" aria-hidden="true" />}
            {importButtonLabel(valid)}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

function ImportPreview({ result }: { result: PersonaImportResult }) {
  return (
    <div className="space-y-2">
      <p className="text-sm" data-testid="import-summary">
        {result.total} {result.total === 1 ? "row" : "rows"}: {result.valid} valid, {result.invalid}{" "}
        with errors
        {result.invalid > 0 ? " (rows with errors are skipped)" : ""}.
      </p>
      <div className="max-h-72 overflow-y-auto rounded-md border">
        <table className="w-full text-sm" aria-label="Import preview">
          <thead className="sticky top-0 bg-muted text-left text-xs text-muted-foreground">
            <tr>
              <th scope="col" className="px-3 py-2">
                Row
              </th>
              <th scope="col" className="px-3 py-2">
                Name
              </th>
              <th scope="col" className="px-3 py-2">
                Result
              </th>
            </tr>
          </thead>
          <tbody className="divide-y">
            {result.rows.map((row) => (
              <tr key={row.row} data-testid="import-row" data-ok={row.ok}>
                <td className="px-3 py-2 align-top tabular-nums">{row.row}</td>
                <td className="px-3 py-2 align-top">
                  {row.name || <span className="text-muted-foreground">(no name)</span>}
                </td>
                <td className="px-3 py-2 align-top">
                  {row.ok ? (
                    <span className="flex items-center gap-1 text-emerald-700">
                      <CheckCircle2Icon className="size-4" aria-hidden="true" />
                      Ready
                    </span>
                  ) : (
                    <ul className="space-y-0.5 text-destructive">
                      {row.errors.map((e) => (
                        <li key={e} className="flex gap-1">
                          <AlertTriangleIcon
                            className="mt-0.5 size-3.5 shrink-0"
                            aria-hidden="true"
                          />
                          {e}
                        </li>
                      ))}
                    </ul>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
