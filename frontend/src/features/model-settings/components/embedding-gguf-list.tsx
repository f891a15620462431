import { DownloadIcon, Loader2Icon } from "lucide-react";
import { useEffect } from "react";
import { toast } from "sonner";
import { Button } from "@/components/ui/button";
import { errorMessage } from "@/lib/api-client";
import { cn } from "@/utils/cn";
import type { EmbeddingOptions } from "../api/embedding-settings";
import {
  describeProgress,
  formatBytes,
  isActive,
  useDownloads,
  useStartDownload,
} from "../api/model-downloads";

type Option = EmbeddingOptions["gguf"][number];

/** GGUF embedding models: the downloaded ones can be chosen, the catalog's others downloaded. */
export function EmbeddingGgufList({
  options,
  value,
  onChange,
  onDownloaded,
}: {
  options: Option[];
  value: string;
  onChange: (file: string) => void;
  onDownloaded: () => void;
}) {
  const downloads = useDownloads();
  const start = useStartDownload();
  const jobs = new Map((downloads.data?.downloads ?? []).map((d) => [d.id, d]));
  // A download that finished: ask the server again what is on disk.
  const finished = options
    .filter((o) => !o.downloaded && jobs.get(o.id)?.state === "done")
    .map((o) => o.id)
    .join(",");
  useEffect(() => {
    if (finished) onDownloaded();
  }, [finished, onDownloaded]);

  const download = (option: Option) =>
    start.mutate(
      { id: option.catalogId ?? undefined },
      {
        onSuccess: () => toast.success(`Downloading ${option.name}`),
        onError: (e) => toast.error(errorMessage(e, "The download could not start")),
      },
    );

  if (options.length === 0)
    return <p className="text-sm text-muted-foreground">No GGUF embedding model is offered.</p>;
  return (
    <ul className="divide-y rounded-md border" aria-label="GGUF embedding models">
      {options.map((o) => {
        const job = jobs.get(o.id);
        const ready = o.downloaded || job?.state === "done";
        const running = job !== undefined && isActive(job);
        return (
          <li
            key={o.id}
            className={cn(
              "flex flex-wrap items-start justify-between gap-2 p-3",
              value === o.id && "bg-accent/40",
            )}
          >
            <label
              className={cn("flex min-w-0 flex-1 gap-2", ready ? "cursor-pointer" : "opacity-80")}
            >
              <input
                type="radio"
                name="embedding-gguf"
                value={o.id}
                checked={value === o.id}
                disabled={!ready}
                onChange={() => onChange(o.id)}
                className="mt-1"
              />
              <span className="min-w-0">
                <span className="block font-medium break-all">{o.name}</span>
                <span className="block text-sm text-muted-foreground">{o.description}</span>
                <span className="block text-xs text-muted-foreground">
                  {formatBytes(o.sizeBytes)}
                  {ready ? " · downloaded" : ""}
                  {running && job ? ` · ${describeProgress(job)}` : ""}
                  {job && !running && job.state !== "done"
                    ? ` · ${job.error ?? "the download stopped"}`
                    : ""}
                </span>
              </span>
            </label>
            {!ready && o.catalogId && (
              <Button
                type="button"
                size="sm"
                variant="outline"
                disabled={running || start.isPending}
                onClick={() => download(o)}
                aria-label={`Download ${o.name}`}
              >
                {running ? (
                  <Loader2Icon className="animate-spin" aria-hidden="true" />
                ) : (
                  <DownloadIcon aria-hidden="true" />
                )}
                Download
              </Button>
            )}
          </li>
        );
      })}
    </ul>
  );
}
