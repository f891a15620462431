import {
  infiniteQueryOptions,
  queryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from "@tanstack/react-query";
import { API_BASE, client, unwrap } from "@/lib/api-client";
import type { Study, StudyCreate, StudyPage } from "@/lib/api-types";

export type StudyExport = "md" | "pdf" | "csv";
const PAGE_SIZE = 20;

export function createStudy(body: StudyCreate): Promise<Study> {
  return unwrap(client.POST("/api/studies", { body }));
}

export function useCreateStudy() {
  const queries = useQueryClient();
  return useMutation({
    mutationKey: ["studies", "create"],
    mutationFn: createStudy,
    onSuccess: () => queries.invalidateQueries({ queryKey: ["studies", "page"] }),
  });
}

export const studyPagesQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: ["studies", "page"],
    queryFn: ({ pageParam, signal }): Promise<StudyPage> =>
      unwrap(
        client.GET("/api/studies/page", {
          params: { query: { limit: PAGE_SIZE, cursor: pageParam || undefined } },
          signal,
        }),
      ),
    initialPageParam: "",
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });

export function useStudyPages() {
  return useInfiniteQuery(studyPagesQueryOptions());
}

export const studyQueryOptions = (id: string) =>
  queryOptions({
    queryKey: ["studies", id],
    queryFn: ({ signal }) =>
      unwrap(client.GET("/api/studies/{study_id}", { params: { path: { study_id: id } }, signal })),
    // Followed while its interviews run, and until its synthesis is linked.
    refetchInterval: (q) => {
      const s = q.state.data;
      return s && (s.status === "running" || (s.status === "completed" && !s.synthesisId))
        ? 1000
        : false;
    },
    retry: false,
  });

export function useStudy(id: string) {
  return useQuery(studyQueryOptions(id));
}

export function useStopStudy(id: string) {
  const queries = useQueryClient();
  return useMutation({
    mutationKey: ["studies", id, "stop"],
    mutationFn: () =>
      unwrap(client.POST("/api/studies/{study_id}/stop", { params: { path: { study_id: id } } })),
    onSuccess: (study) => queries.setQueryData(["studies", id], study),
  });
}

export function useSynthesiseStudy(id: string) {
  const queries = useQueryClient();
  return useMutation({
    mutationKey: ["studies", id, "synthesis"],
    mutationFn: () =>
      unwrap(
        client.POST("/api/studies/{study_id}/synthesis", { params: { path: { study_id: id } } }),
      ),
    onSuccess: () => queries.invalidateQueries({ queryKey: ["studies", id] }),
  });
}

/** The download address of one of the study's exports. */
export function studyExportUrl(id: string, format: StudyExport): string {
  const base = `${API_BASE}/studies/${encodeURIComponent(id)}`;
  if (format === "csv") return `${base}/quotes.csv`;
  return format === "pdf" ? `${base}/report.pdf` : `${base}/export.md`;
}
