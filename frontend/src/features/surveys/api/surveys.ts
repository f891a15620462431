import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { API_BASE, client, noContent, unwrap } from "@/lib/api-client";
import type { components } from "@/lib/api-schema";
import { eventData } from "@/utils/event-data";
import { surveyPagesKey } from "./survey-pages";

type Schemas = components["schemas"];
export type Survey = Schemas["SurveyOut"];
export type SurveySummary = Schemas["SurveySummaryOut"];
export type SurveyCreate = Schemas["SurveyCreate"];
export type SurveyResults = Schemas["SurveyResultsOut"];
export type SurveyCell = Schemas["SurveyCell"];
export type Scale = Schemas["ScaleOut"];
/** A `progress` event of GET /api/surveys/{id}/events. */
export type SurveyProgressEvent = Schemas["SurveyEventPayloads"]["progress"];

/** Every survey query: the list's pages (survey-pages.ts), each survey, its results. */
export const surveysKey = ["surveys"] as const;
export const surveyKey = (id: string) => ["surveys", id] as const;
export const surveyResultsKey = (id: string) => ["surveys", id, "results"] as const;
const survey = (id: string) => ({ params: { path: { survey_id: id } } });

export function useScales() {
  return useQuery({
    queryKey: ["surveys", "scales"],
    queryFn: ({ signal }) => unwrap(client.GET("/api/surveys/scales", { signal })),
    staleTime: Infinity,
  });
}

/** The survey; while it runs, progress arrives on its event stream (SSE) and, as a
 * fallback, by polling every 3 s. */
export function useSurvey(id: string) {
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: surveyKey(id),
    queryFn: ({ signal }) =>
      unwrap(client.GET("/api/surveys/{survey_id}", { ...survey(id), signal })),
    refetchInterval: (q) => (q.state.data?.status === "running" ? 3000 : false),
  });
  const running = query.data?.status === "running";
  useEffect(() => {
    if (!running || typeof EventSource === "undefined") return;
    const source = new EventSource(`${API_BASE}/surveys/${encodeURIComponent(id)}/events`);
    source.addEventListener("progress", (event) => {
      const data = eventData<SurveyProgressEvent>(event, ["status", "done", "total", "errors"]);
      if (!data) return;
      queryClient.setQueryData<Survey>(surveyKey(id), (old) =>
        old
          ? { ...old, progress: { done: data.done, total: data.total, errors: data.errors } }
          : old,
      );
      if (data.status !== "running") {
        source.close();
        void queryClient.invalidateQueries({ queryKey: surveyKey(id) });
      }
    });
    return () => source.close();
  }, [id, running, queryClient]);
  return query;
}

export function useSurveyResults(id: string, done: number) {
  return useQuery({
    queryKey: [...surveyResultsKey(id), done],
    queryFn: ({ signal }) =>
      unwrap(client.GET("/api/surveys/{survey_id}/results", { ...survey(id), signal })),
    enabled: done > 0,
    placeholderData: (previous) => previous,
  });
}

export function useCreateSurvey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SurveyCreate) => unwrap(client.POST("/api/surveys", { body })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: surveysKey }),
  });
}

function useSurveyAction(id: string, action: "run" | "stop") {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      action === "run"
        ? unwrap(client.POST("/api/surveys/{survey_id}/run", survey(id)))
        : unwrap(client.POST("/api/surveys/{survey_id}/stop", survey(id))),
    onSuccess: (survey) => {
      queryClient.setQueryData(surveyKey(id), survey);
      // the list's pages show its new status
      return queryClient.invalidateQueries({ queryKey: surveyPagesKey });
    },
  });
}

export const useRunSurvey = (id: string) => useSurveyAction(id, "run");
export const useStopSurvey = (id: string) => useSurveyAction(id, "stop");

export function useDeleteSurvey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => noContent(client.DELETE("/api/surveys/{survey_id}", survey(id))),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: surveysKey }),
  });
}

export const exportUrl = (id: string, kind: "csv" | "json") =>
  `${API_BASE}/surveys/${encodeURIComponent(id)}/export.${kind}`;
