import {
  FileTextIcon,
  FileUpIcon,
  Loader2Icon,
  SearchIcon,
  SparklesIcon,
  Trash2Icon,
} from "lucide-react";
import { useRef, useState } from "react";
import { toast } from "sonner";
import { QueryError } from "@/components/query-error";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Skeleton } from "@/components/ui/skeleton";
import { errorMessage } from "@/lib/api-client";
import type { AnalyzeDocumentResponse } from "@/lib/api-types";
import {
  type Evidence,
  useAssistFromEvidence,
  useEvidence,
  usePreviewEvidence,
  useRemoveEvidence,
  useUploadEvidence,
} from "../../api/evidence";
import {
  checkEvidenceFile,
  EVIDENCE_ACCEPT,
  EVIDENCE_MAX_DOCUMENTS,
} from "../../utils/evidence-file-check";

const WORD_LIMIT = 200_000;

/** Evidence tab of the persona dialog: documents this persona's answers draw on.
 * `onSuggested` receives AI Assist's traits from the evidence (the dialog puts them in the form). */
export function EvidenceTab({
  personaId,
  onSuggested,
}: {
  personaId: string;
  onSuggested?: (result: AnalyzeDocumentResponse) => void;
}) {
  const evidence = useEvidence(personaId);
  const assist = useAssistFromEvidence();
  const upload = useUploadEvidence();
  const inputRef = useRef<HTMLInputElement>(null);
  const docs = evidence.data ?? [];
  const words = docs.reduce((sum, d) => sum + d.words, 0);

  const handleFile = (event: React.ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0] ?? null;
    event.target.value = "";
    const check = checkEvidenceFile(file, docs.length);
    if (!check.ok || !file) {
      toast.error(check.ok ? "No file selected" : check.message);
      return;
    }
    upload.mutate(
      { personaId, file },
      {
        onSuccess: (doc) =>
          toast.success(`${doc.filename} added as evidence (${doc.words.toLocaleString()} words)`),
        onError: (error) => toast.error(errorMessage(error, "Failed to add evidence")),
      },
    );
  };

  return (
    <div className="space-y-4" data-testid="evidence-tab">
      <div className="space-y-1">
        <div className="flex items-center justify-between gap-2">
          <p className="text-sm font-medium">Evidence documents</p>
          <input
            ref={inputRef}
            type="file"
            accept={EVIDENCE_ACCEPT}
            className="sr-only"
            tabIndex={-1}
            aria-hidden="true"
            data-testid="evidence-file-input"
            onChange={handleFile}
          />
          <Button
            size="sm"
            variant="outline"
            disabled={upload.isPending || evidence.isLoading}
            onClick={() => inputRef.current?.click()}
          >
            {upload.isPending ? <Loader2Icon className="animate-spin" /> : <FileUpIcon />}
            {upload.isPending ? "Adding..." : "Add document"}
          </Button>
        </div>
        <p className="text-xs text-muted-foreground">
          Interview transcripts, open survey answers, reviews or notes by this person (TXT, DOCX,
          PDF, CSV, MD; up to 10 MB each). When the persona answers, the passages closest to the
          question are put into its prompt as what it has said before. Evidence stays on this
          machine and is sent only to the configured model.
        </p>
      </div>

      {evidence.isLoading ? (
        <div className="space-y-2" aria-label="Loading evidence">
          <Skeleton className="h-10 w-full" />
          <Skeleton className="h-10 w-full" />
        </div>
      ) : evidence.isError ? (
        <QueryError
          title="Failed to load evidence"
          error={evidence.error}
          onRetry={() => void evidence.refetch()}
          retrying={evidence.isFetching}
        />
      ) : docs.length === 0 ? (
        <p className="rounded-lg border border-dashed p-4 text-center text-sm text-muted-foreground">
          No evidence yet: this persona rests on its traits and demographics only.
        </p>
      ) : (
        <>
          <p className="text-xs text-muted-foreground" data-testid="evidence-totals">
            {docs.length} of {EVIDENCE_MAX_DOCUMENTS} documents, {words.toLocaleString()} of{" "}
            {WORD_LIMIT.toLocaleString()} words
          </p>
          <ul className="divide-y rounded-lg border" aria-label="Evidence documents">
            {docs.map((doc) => (
              <EvidenceRow key={doc.id} personaId={personaId} doc={doc} />
            ))}
          </ul>
          {onSuggested && (
            <Button
              variant="secondary"
              size="sm"
              disabled={assist.isPending}
              onClick={() =>
                assist.mutate(personaId, {
                  onSuccess: (result) => {
                    onSuggested(result);
                    toast.success(
                      "Traits suggested from the evidence: review them in the Big Five tab, then save",
                    );
                  },
                  onError: (error) =>
                    toast.error(errorMessage(error, "Failed to analyze document")),
                })
              }
            >
              {assist.isPending ? (
                <Loader2Icon className="animate-spin" />
              ) : (
                <SparklesIcon aria-hidden="true" />
              )}
              Suggest traits from evidence
            </Button>
          )}
          <EvidencePreviewPanel personaId={personaId} />
        </>
      )}
    </div>
  );
}

function EvidenceRow({ personaId, doc }: { personaId: string; doc: Evidence }) {
  const remove = useRemoveEvidence();
  return (
    <li className="flex items-start gap-3 p-3" data-testid="evidence-row">
      <FileTextIcon className="mt-0.5 size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
      <div className="min-w-0 flex-1">
        <p className="truncate text-sm font-medium">{doc.filename}</p>
        <p className="text-xs text-muted-foreground">
          {doc.type.toUpperCase()} · {doc.words.toLocaleString()} words · {doc.source}
        </p>
        <p className="mt-1 line-clamp-2 text-xs text-muted-foreground">{doc.preview}</p>
      </div>
      <Button
        size="icon"
        variant="ghost"
        aria-label={`Remove ${doc.filename}`}
        disabled={remove.isPending}
        onClick={() =>
          remove.mutate(
            { personaId, id: doc.id },
            {
              onSuccess: () => toast.success(`${doc.filename} removed`),
              onError: (error) => toast.error(errorMessage(error, "Failed to remove evidence")),
            },
          )
        }
      >
        {remove.isPending ? <Loader2Icon className="animate-spin" /> : <Trash2Icon />}
      </Button>
    </li>
  );
}

function EvidencePreviewPanel({ personaId }: { personaId: string }) {
  const [question, setQuestion] = useState("");
  const preview = usePreviewEvidence();
  const run = () => {
    if (!question.trim()) return;
    preview.mutate({ personaId, question: question.trim() });
  };
  return (
    <div className="space-y-2 border-t pt-4">
      <Label htmlFor="evidence-question">Preview what a question would retrieve</Label>
      <div className="flex gap-2">
        <Input
          id="evidence-question"
          value={question}
          placeholder="e.g. Would you pay more for organic coffee?"
          onChange={(e) => setQuestion(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === "Enter") {
              e.preventDefault();
              run();
            }
          }}
        />
        <Button variant="secondary" disabled={!question.trim() || preview.isPending} onClick={run}>
          {preview.isPending ? <Loader2Icon className="animate-spin" /> : <SearchIcon />}
          Preview
        </Button>
      </div>
      {preview.isError && (
        <p role="alert" className="text-sm text-destructive">
          {errorMessage(preview.error, "Failed to preview evidence")}
        </p>
      )}
      {preview.data && (
        <div className="space-y-2" data-testid="evidence-preview">
          <p className="text-xs text-muted-foreground">
            {preview.data.passages.length} passage{preview.data.passages.length === 1 ? "" : "s"},{" "}
            {preview.data.tokens} of {preview.data.budget} tokens
          </p>
          <ol className="space-y-2">
            {preview.data.passages.map((p) => (
              <li key={p.id} className="rounded-md bg-accent/40 p-2 text-xs">
                <span className="mr-2 font-mono text-muted-foreground">{p.score.toFixed(2)}</span>
                {p.text}
              </li>
            ))}
          </ol>
        </div>
      )}
    </div>
  );
}
