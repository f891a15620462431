import { queryOptions, useMutation, useQuery } from "@tanstack/react-query";
import { API_BASE, client, unwrap } from "@/lib/api-client";
import type { Synthesis } from "@/lib/api-types";

export type SynthesisExport = "md" | "pdf" | "csv";

/** Start the synthesis of these sessions (or get the one already made for them). */
export function startSynthesis(sessionIds: readonly string[]): Promise<Synthesis> {
  return unwrap(client.POST("/api/syntheses", { body: { sessionIds: [...sessionIds] } }));
}

export function useStartSynthesis() {
  return useMutation({ mutationKey: ["syntheses", "start"], mutationFn: startSynthesis });
}

export function getSynthesis(
  id: string,
  segmentBy: string | null,
  signal?: AbortSignal,
): Promise<Synthesis> {
  return unwrap(
    client.GET("/api/syntheses/{synthesis_id}", {
      params: { path: { synthesis_id: id }, query: { segmentBy: segmentBy || undefined } },
      signal,
    }),
  );
}

export const synthesisQueryOptions = (id: string, segmentBy: string | null) =>
  queryOptions({
    queryKey: ["syntheses", id, segmentBy ?? ""],
    queryFn: ({ signal }) => getSynthesis(id, segmentBy, signal),
    // Followed while the model works; a finished synthesis does not change.
    refetchInterval: (q) => (q.state.data?.status === "running" ? 1000 : false),
    retry: false,
  });

export function useSynthesis(id: string, segmentBy: string | null) {
  return useQuery(synthesisQueryOptions(id, segmentBy));
}

/** The download address of one export, segmented as shown. */
export function synthesisExportUrl(
  id: string,
  format: SynthesisExport,
  segmentBy: string | null,
): string {
  const base = `${API_BASE}/syntheses/${encodeURIComponent(id)}`;
  if (format === "csv") return `${base}/quotes.csv`;
  const query = segmentBy ? `?segmentBy=${encodeURIComponent(segmentBy)}` : "";
  return format === "pdf" ? `${base}/report.pdf${query}` : `${base}/export.md${query}`;
}
