import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { client, unwrap } from "@/lib/api-client";
import type { ModelDownload, ModelDownloadInput } from "@/lib/api-types";

const ACTIVE = new Set(["queued", "downloading", "verifying"]);

export const catalogQueryOptions = () =>
  queryOptions({
    queryKey: ["models", "catalog"],
    queryFn: ({ signal }) => unwrap(client.GET("/api/models/catalog", { signal })),
  });

export function useCatalog() {
  return useQuery(catalogQueryOptions());
}

export function isActive(download: ModelDownload): boolean {
  return ACTIVE.has(download.state);
}

/** Polled every second while a download runs. */
export function useDownloads() {
  return useQuery({
    queryKey: ["models", "downloads"],
    queryFn: ({ signal }) => unwrap(client.GET("/api/models/downloads", { signal })),
    refetchInterval: (query) => (query.state.data?.downloads.some(isActive) ? 1000 : false),
  });
}

export function useStartDownload() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ModelDownloadInput) =>
      unwrap(client.POST("/api/models/download", { body: { overwrite: false, ...input } })),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: ["models", "downloads"] }),
  });
}

export function useCancelDownload() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      unwrap(
        client.DELETE("/api/models/downloads/{download_id}", {
          params: { path: { download_id: id } },
        }),
      ),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: ["models", "downloads"] }),
  });
}

export function formatBytes(n: number | null | undefined): string {
  if (n == null) return "?";
  if (n >= 1e9) return `${(n / 1e9).toFixed(2)} GB`;
  if (n >= 1e6) return `${(n / 1e6).toFixed(1)} MB`;
  return `${Math.round(n / 1e3)} kB`;
}

export function formatEta(seconds: number | null | undefined): string {
  if (seconds == null) return "";
  if (seconds < 60) return `${seconds} s left`;
  const minutes = Math.round(seconds / 60);
  return minutes < 60
    ? `${minutes} min left`
    : `${Math.floor(minutes / 60)} h ${minutes % 60} min left`;
}

/** '12.0 MB of 98.4 MB · 4.2 MB/s · 20 s left' */
export function describeProgress(d: ModelDownload): string {
  const parts = [`${formatBytes(d.bytesDone)} of ${formatBytes(d.totalBytes)}`];
  if (d.bytesPerSecond) parts.push(`${formatBytes(d.bytesPerSecond)}/s`);
  const eta = formatEta(d.etaSeconds);
  if (eta) parts.push(eta);
  return parts.join(" · ");
}
