import { queryOptions, useQuery } from "@tanstack/react-query";
import { client, unwrap } from "@/lib/api-client";
import type { QuestionTemplate } from "@/lib/api-types";
import { queryKeys } from "@/lib/query-keys";

export function getQuestionTemplates(signal?: AbortSignal): Promise<QuestionTemplate[]> {
  return unwrap(client.GET("/api/question-templates", { signal }));
}

export const questionTemplatesQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.questionTemplates,
    queryFn: ({ signal }) => getQuestionTemplates(signal),
    staleTime: Infinity,
  });

export function useQuestionTemplates() {
  return useQuery(questionTemplatesQueryOptions());
}
