import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { client, unwrap } from "@/lib/api-client";
import type {
  ModelChoice,
  ModelSaved,
  ModelSettings,
  ModelSettingsInput,
  ModelTest,
  ProviderName,
} from "@/lib/api-types";

export function getModelSettings(signal?: AbortSignal): Promise<ModelSettings> {
  return unwrap(client.GET("/api/settings/model", { signal }));
}

export const modelSettingsQueryOptions = () =>
  queryOptions({
    queryKey: ["settings", "model"],
    queryFn: ({ signal }) => getModelSettings(signal),
  });

export function useModelSettings() {
  return useQuery(modelSettingsQueryOptions());
}

/** Saving changes the model every screen names (the sidebar footer reads /health). */
function useRefreshModel() {
  const queryClient = useQueryClient();
  return (saved: ModelSettings) => {
    queryClient.setQueryData(modelSettingsQueryOptions().queryKey, saved);
    void queryClient.invalidateQueries({ queryKey: ["health"] });
  };
}

export function useSaveModelSettings() {
  const refresh = useRefreshModel();
  return useMutation({
    mutationFn: (input: ModelSettingsInput): Promise<ModelSaved> =>
      unwrap(client.PUT("/api/settings/model", { body: input })),
    onSuccess: refresh,
  });
}

export function useResetModelSettings() {
  const refresh = useRefreshModel();
  return useMutation({
    mutationFn: (): Promise<ModelSettings> => unwrap(client.DELETE("/api/settings/model")),
    onSuccess: refresh,
  });
}

export function useTestModel() {
  return useMutation({
    mutationFn: (input: ModelSettingsInput): Promise<ModelTest> =>
      unwrap(client.POST("/api/settings/model/test", { body: input })),
  });
}

export function listModels(
  provider: ProviderName,
  baseUrl: string,
): Promise<{ models: ModelChoice[] }> {
  const query = baseUrl.trim() ? { provider, baseUrl: baseUrl.trim() } : { provider };
  return unwrap(client.GET("/api/settings/models", { params: { query } }));
}

export function useListModels() {
  return useMutation({
    mutationFn: ({ provider, baseUrl }: { provider: ProviderName; baseUrl: string }) =>
      listModels(provider, baseUrl),
  });
}
