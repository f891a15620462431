import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import type {
  ModelChoice,
  ModelSaved,
  ModelSettings,
  ModelSettingsInput,
  ModelTest,
  ProviderName,
} from "@/lib/api-types";

export function getModelSettings(signal?: AbortSignal): Promise<ModelSettings> {
  return api.get<ModelSettings>("/settings/model", signal);
}

export const modelSettingsQueryOptions = () =>
  queryOptions({ queryKey: ["settings", "model"], queryFn: ({ signal }) => getModelSettings(signal) });

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
    mutationFn: (input: ModelSettingsInput) => api.put<ModelSaved>("/settings/model", input),
    onSuccess: refresh,
  });
}

export function useResetModelSettings() {
  const refresh = useRefreshModel();
  return useMutation({
    mutationFn: () => api.delete<ModelSettings>("/settings/model"),
    onSuccess: refresh,
  });
}

export function useTestModel() {
  return useMutation({
    mutationFn: (input: ModelSettingsInput) => api.post<ModelTest>("/settings/model/test", input),
  });
}

export function listModels(provider: ProviderName, baseUrl: string): Promise<{ models: ModelChoice[] }> {
  const query = new URLSearchParams({ provider });
  if (baseUrl.trim()) query.set("baseUrl", baseUrl.trim());
  return api.get<{ models: ModelChoice[] }>(`/settings/models?${query.toString()}`);
}

export function useListModels() {
  return useMutation({
    mutationFn: ({ provider, baseUrl }: { provider: ProviderName; baseUrl: string }) =>
      listModels(provider, baseUrl),
  });
}
