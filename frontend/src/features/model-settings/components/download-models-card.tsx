import {
  CheckCircle2Icon,
  DownloadIcon,
  HardDriveDownloadIcon,
  Loader2Icon,
  XIcon,
} from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { toast } from "sonner";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Progress } from "@/components/ui/progress";
import { Skeleton } from "@/components/ui/skeleton";
import { errorMessage } from "@/lib/api-client";
import type { CatalogModel, ModelDownload } from "@/lib/api-types";
import { useQueryClient } from "@tanstack/react-query";
import {
  describeProgress,
  formatBytes,
  isActive,
  useCancelDownload,
  useCatalog,
  useDownloads,
  useStartDownload,
} from "../api/model-downloads";
import { useSaveModelSettings } from "@/lib/model-settings-queries";

/** The "Download a model" card: curated CPU models from the Hugging Face hub, with progress. */
export function DownloadModelsCard() {
  const catalog = useCatalog();
  const downloads = useDownloads();
  const start = useStartDownload();
  const queryClient = useQueryClient();
  const jobs = downloads.data?.downloads ?? [];
  const byFile = new Map(jobs.map((d) => [d.id, d]));
  const seen = useRef(new Map<string, string>());

  // Announce the end of a download once, and refresh what the catalog says is on disk.
  const listed = downloads.data;
  const catalogModels = catalog.data?.models;
  useEffect(() => {
    for (const job of listed?.downloads ?? []) {
      const before = seen.current.get(job.id);
      if (before && before !== job.state && !isActive(job)) {
        const embedding = catalogModels?.some(
          (m) => m.id === job.catalogId && m.kind === "embedding",
        );
        if (job.state === "done")
          toast.success(
            `${job.name} is downloaded: choose it ${embedding ? "on the Embeddings card" : "as the local model"}`,
          );
        else if (job.state === "failed") toast.error(job.error ?? "The download failed");
        void queryClient.invalidateQueries({ queryKey: ["models", "catalog"] });
      }
      seen.current.set(job.id, job.state);
    }
  }, [listed, queryClient, catalogModels]);

  const download = (input: { id?: string; repo?: string; file?: string }) =>
    start.mutate(input, {
      onError: (e) => toast.error(errorMessage(e, "The download could not start")),
    });

  return (
    <Card data-testid="download-models">
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <HardDriveDownloadIcon className="size-4 text-primary" aria-hidden="true" />
          Download a model
        </CardTitle>
        <CardDescription>
          Instruct models that run on this computer's CPU, from the Hugging Face hub, saved in
          Colloquy's data folder. Each file is checked (sha256, GGUF) before it can be chosen; an
          interrupted download resumes.
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        {catalog.isPending ? (
          <Skeleton className="h-40 w-full" />
        ) : catalog.isError ? (
          <p role="alert" className="text-sm text-destructive">
            {errorMessage(catalog.error, "Could not load the catalog")}
          </p>
        ) : (
          <ul className="divide-y rounded-md border" aria-label="Models to download">
            {catalog.data.models
              .filter((m) => m.kind !== "embedding")
              .map((m) => (
                <CatalogRow
                  key={m.id}
                  model={m}
                  job={byFile.get(m.file.split("/").pop() ?? m.file)}
                  starting={start.isPending && start.variables?.id === m.id}
                  onDownload={() => download({ id: m.id })}
                />
              ))}
          </ul>
        )}
        <OtherModelForm onDownload={download} pending={start.isPending} />
        {jobs
          .filter((j) => !j.catalogId)
          .map((j) => (
            <div key={j.id} className="rounded-md border p-3">
              <p className="text-sm font-medium break-all">{j.name}</p>
              <JobStatus job={j} />
            </div>
          ))}
      </CardContent>
    </Card>
  );
}

function CatalogRow({
  model,
  job,
  starting,
  onDownload,
}: {
  model: CatalogModel;
  job: ModelDownload | undefined;
  starting: boolean;
  onDownload: () => void;
}) {
  const fileName = model.file.split("/").pop() ?? model.file;
  const done = model.downloaded || job?.state === "done";
  const running = job !== undefined && isActive(job);
  return (
    <li className="space-y-2 p-3" data-testid="catalog-model">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <p className="font-medium">{model.name}</p>
          <p className="text-sm text-muted-foreground">{model.description}</p>
          <p className="mt-1 text-xs text-muted-foreground">
            {formatBytes(model.sizeBytes)} download · needs about {model.memoryGb} GB of memory ·{" "}
            {model.speed} · {model.license}
          </p>
        </div>
        {done ? (
          <UseModelButton fileName={fileName} />
        ) : (
          <Button
            type="button"
            size="sm"
            variant="outline"
            disabled={running || starting}
            onClick={onDownload}
            aria-label={`Download ${model.name}`}
          >
            {running || starting ? (
              <Loader2Icon className="animate-spin" aria-hidden="true" />
            ) : (
              <DownloadIcon aria-hidden="true" />
            )}
            {job?.state === "failed" || job?.state === "cancelled" ? "Resume" : "Download"}
          </Button>
        )}
      </div>
      {job && job.state !== "done" && <JobStatus job={job} />}
      {job?.state === "done" && <Unverified job={job} />}
    </li>
  );
}

/** No checksum could be checked (no catalog pin, no sha256 from the hub): say so. */
function Unverified({ job }: { job: ModelDownload }) {
  if (job.checksum !== "unverified") return null;
  return (
    <span className="text-xs text-amber-700" data-testid="download-unverified">
      {" "}
      · unverified: no checksum was published, only the size and GGUF format were checked
    </span>
  );
}

function JobStatus({ job }: { job: ModelDownload }) {
  const cancel = useCancelDownload();
  const percent = job.totalBytes
    ? Math.min(100, Math.round((job.bytesDone / job.totalBytes) * 100))
    : null;
  if (job.state === "done") {
    return (
      <p className="flex items-center gap-1 text-sm text-emerald-700">
        <CheckCircle2Icon className="size-4" aria-hidden="true" /> Downloaded as {job.id}
        <Unverified job={job} />
      </p>
    );
  }
  if (!isActive(job)) {
    return (
      <p role="alert" className="text-sm text-destructive" data-testid="download-error">
        {job.error ?? "The download stopped"}
      </p>
    );
  }
  return (
    <div className="space-y-1" aria-live="polite">
      <div className="flex items-center gap-2">
        <Progress label={`Downloading ${job.name}`} value={percent} className="flex-1" />
        <Button
          type="button"
          size="icon-sm"
          variant="ghost"
          aria-label={`Cancel the download of ${job.name}`}
          onClick={() => cancel.mutate(job.id)}
        >
          <XIcon aria-hidden="true" />
        </Button>
      </div>
      <p className="text-xs text-muted-foreground tabular-nums" data-testid="download-progress">
        {job.state === "verifying" ? "Checking the file..." : describeProgress(job)}
      </p>
    </div>
  );
}

function UseModelButton({ fileName }: { fileName: string }) {
  const save = useSaveModelSettings();
  return (
    <Button
      type="button"
      size="sm"
      disabled={save.isPending}
      onClick={() =>
        save.mutate(
          { provider: "local", baseUrl: null, model: fileName, apiKey: null },
          {
            onSuccess: (saved) => toast.success(`Now using ${saved.model}`),
            onError: (e) => toast.error(errorMessage(e, "The model could not be used")),
          },
        )
      }
    >
      {save.isPending ? (
        <Loader2Icon className="animate-spin" aria-hidden="true" />
      ) : (
        <CheckCircle2Icon aria-hidden="true" />
      )}
      Use this model
    </Button>
  );
}

function OtherModelForm({
  onDownload,
  pending,
}: {
  onDownload: (input: { repo: string; file: string }) => void;
  pending: boolean;
}) {
  const [repo, setRepo] = useState("");
  const [file, setFile] = useState("");
  return (
    <details className="rounded-md border p-3">
      <summary className="cursor-pointer text-sm font-medium">
        Another GGUF file from the hub
      </summary>
      <form
        className="mt-3 grid gap-3 sm:grid-cols-[1fr_1fr_auto] sm:items-end"
        onSubmit={(e) => {
          e.preventDefault();
          onDownload({ repo: repo.trim(), file: file.trim() });
        }}
      >
        <div className="space-y-1">
          <Label htmlFor="download-repo">Repository</Label>
          <Input
            id="download-repo"
            value={repo}
            onChange={(e) => setRepo(e.target.value)}
            placeholder="owner/name-GGUF"
            maxLength={200}
            spellCheck={false}
          />
        </div>
        <div className="space-y-1">
          <Label htmlFor="download-file">File</Label>
          <Input
            id="download-file"
            value={file}
            onChange={(e) => setFile(e.target.value)}
            placeholder="model-Q4_K_M.gguf"
            maxLength={300}
            spellCheck={false}
          />
        </div>
        <Button type="submit" variant="outline" disabled={pending || !repo.trim() || !file.trim()}>
          <DownloadIcon aria-hidden="true" />
          Download
        </Button>
      </form>
    </details>
  );
}
