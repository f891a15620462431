import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { api } from "@/lib/api-client";
import type { components } from "@/lib/api-schema";

type Schemas = components["schemas"];
export type Survey = Schemas["SurveyOut"];
export type SurveySummary = Schemas["SurveySummaryOut"];
export type SurveyCreate = Schemas["SurveyCreate"];
export type SurveyResults = Schemas["SurveyResultsOut"];
export type SurveyCell = Schemas["SurveyCell"];
export type Scale = Schemas["ScaleOut"];
/** A `progress` event of GET /api/surveys/{id}/events. */
export type SurveyProgressEvent = Schemas["SurveyEventPayloads"]["progress"];

export const surveysKey = ["surveys"] as const;
export const surveyKey = (id: string) => ["surveys", id] as const;
export const surveyResultsKey = (id: string) => ["surveys", id, "results"] as const;
const path = (id: string) => `/surveys/${encodeURIComponent(id)}`;

export function useSurveys() {
  return useQuery({
    queryKey: surveysKey,
    queryFn: ({ signal }) => api.get<SurveySummary[]>("/surveys", signal),
    refetchInterval: (q) => (q.state.data?.some((s) => s.status === "running") ? 3000 : false),
  });
}

export function useScales() {
  return useQuery({
    queryKey: ["surveys", "scales"],
    queryFn: ({ signal }) => api.get<Scale[]>("/surveys/scales", signal),
    staleTime: Infinity,
  });
}

/** The survey; while it runs, progress arrives on its event stream (SSE) and, as a
 * fallback, by polling every 3 s. */
export function useSurvey(id: string) {
  const client = useQueryClient();
  const query = useQuery({
    queryKey: surveyKey(id),
    queryFn: ({ signal }) => api.get<Survey>(path(id), signal),
    refetchInterval: (q) => (q.state.data?.status === "running" ? 3000 : false),
  });
  const running = query.data?.status === "running";
  useEffect(() => {
    if (!running || typeof EventSource === "undefined") return;
    const source = new EventSource(`/api${path(id)}/events`);
    source.addEventListener("progress", (event) => {
      const data = JSON.parse((event as MessageEvent<string>).data) as SurveyProgressEvent;
      client.setQueryData<Survey>(surveyKey(id), (old) =>
        old ? { ...old, progress: { done: data.done, total: data.total, errors: data.errors } } : old,
      );
      if (data.status !== "running") {
        source.close();
        void client.invalidateQueries({ queryKey: surveyKey(id) });
      }
    });
    return () => source.close();
  }, [id, running, client]);
  return query;
}

export function useSurveyResults(id: string, done: number) {
  return useQuery({
    queryKey: [...surveyResultsKey(id), done],
    queryFn: ({ signal }) => api.get<SurveyResults>(`${path(id)}/results`, signal),
    enabled: done > 0,
    placeholderData: (previous) => previous,
  });
}

export function useCreateSurvey() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: SurveyCreate) => api.post<Survey>("/surveys", body),
    onSuccess: () => client.invalidateQueries({ queryKey: surveysKey }),
  });
}

function useSurveyAction(id: string, action: "run" | "stop") {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<Survey>(`${path(id)}/${action}`),
    onSuccess: (survey) => {
      client.setQueryData(surveyKey(id), survey);
      return client.invalidateQueries({ queryKey: surveysKey, exact: true });
    },
  });
}

export const useRunSurvey = (id: string) => useSurveyAction(id, "run");
export const useStopSurvey = (id: string) => useSurveyAction(id, "stop");

export function useDeleteSurvey() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete(path(id)),
    onSuccess: () => client.invalidateQueries({ queryKey: surveysKey }),
  });
}

export const exportUrl = (id: string, kind: "csv" | "json") => `/api${path(id)}/export.${kind}`;
