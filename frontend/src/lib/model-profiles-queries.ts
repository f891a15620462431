import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import type { ModelProfile, ModelProfileInput } from "@/lib/api-types";

/** Issue 30: named saved models; the default one is the model of the Settings screen. */
export const modelProfilesQueryOptions = () =>
  queryOptions({
    queryKey: ["model-profiles"],
    queryFn: ({ signal }) => api.get<{ profiles: ModelProfile[] }>("/model-profiles", signal).then((r) => r.profiles),
  });

export function useModelProfiles() {
  return useQuery(modelProfilesQueryOptions());
}

/** A saved change may move the default model: the screens that name it refetch. */
function useRefresh() {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: ["model-profiles"] });
    void queryClient.invalidateQueries({ queryKey: ["settings", "model"] });
    void queryClient.invalidateQueries({ queryKey: ["health"] });
  };
}

export function useCreateModelProfile() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (input: ModelProfileInput) => api.post<ModelProfile>("/model-profiles", input),
    onSuccess: refresh,
  });
}

export function useUpdateModelProfile() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ id, input }: { id: string; input: ModelProfileInput }) =>
      api.put<ModelProfile>(`/model-profiles/${encodeURIComponent(id)}`, input),
    onSuccess: refresh,
  });
}

export function useDeleteModelProfile() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (id: string) => api.delete<void>(`/model-profiles/${encodeURIComponent(id)}`),
    onSuccess: refresh,
  });
}

/** What a profile is called where a model is picked: its name and model. */
export function profileLabel(profile: ModelProfile): string {
  return profile.model ? `${profile.name} (${profile.model})` : profile.name;
}
