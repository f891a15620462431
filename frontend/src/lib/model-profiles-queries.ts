import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { client, noContent, unwrap } from "@/lib/api-client";
import type { ModelProfile, ModelProfileInput } from "@/lib/api-types";

/** Named saved models; the default one is the model of the Settings screen. */
export const modelProfilesQueryOptions = () =>
  queryOptions({
    queryKey: ["model-profiles"],
    queryFn: async ({ signal }) =>
      (await unwrap(client.GET("/api/model-profiles", { signal }))).profiles,
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
    mutationFn: (input: ModelProfileInput): Promise<ModelProfile> =>
      unwrap(client.POST("/api/model-profiles", { body: input })),
    onSuccess: refresh,
  });
}

export function useUpdateModelProfile() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ id, input }: { id: string; input: ModelProfileInput }): Promise<ModelProfile> =>
      unwrap(
        client.PUT("/api/model-profiles/{profile_id}", {
          params: { path: { profile_id: id } },
          body: input,
        }),
      ),
    onSuccess: refresh,
  });
}

export function useDeleteModelProfile() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (id: string) =>
      noContent(
        client.DELETE("/api/model-profiles/{profile_id}", { params: { path: { profile_id: id } } }),
      ),
    onSuccess: refresh,
  });
}

/** What a profile is called where a model is picked: its name and model. */
export function profileLabel(profile: ModelProfile): string {
  return profile.model ? `${profile.name} (${profile.model})` : profile.name;
}
