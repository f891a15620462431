import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { client, unwrap } from "@/lib/api-client";
import type { components } from "@/lib/api-schema";

type Schemas = components["schemas"];
export type EmbeddingSettings = Schemas["EmbeddingSettingsOut"];
export type EmbeddingSettingsInput = Schemas["EmbeddingSettingsIn"];
export type EmbeddingTest = Schemas["EmbeddingTestOut"];
export type EmbeddingSaved = Schemas["EmbeddingSaveOut"];
export type EmbeddingOptions = Schemas["EmbeddingOptionsOut"];
export type EmbedderKind = EmbeddingSettings["kind"];

const KEY = ["settings", "embeddings"] as const;

export function useEmbeddingSettings() {
  return useQuery({
    queryKey: KEY,
    queryFn: ({ signal }) => unwrap(client.GET("/api/settings/embeddings", { signal })),
  });
}

/** What the card offers; keyed by the chat model, whose endpoint the "provider" choice uses. */
export function useEmbeddingOptions(chatKey: string) {
  return useQuery({
    queryKey: [...KEY, "options", chatKey],
    queryFn: ({ signal }) => unwrap(client.GET("/api/settings/embeddings/options", { signal })),
  });
}

export function useTestEmbedder() {
  return useMutation({
    mutationFn: (input: EmbeddingSettingsInput) =>
      unwrap(client.POST("/api/settings/embeddings/test", { body: input })),
  });
}

export function useSaveEmbedder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: EmbeddingSettingsInput) =>
      unwrap(client.PUT("/api/settings/embeddings", { body: input })),
    onSuccess: (saved) => {
      queryClient.setQueryData(KEY, saved);
      // Health reports and survey results name the embedder: read them again.
      void queryClient.invalidateQueries({ queryKey: ["sessions"] });
    },
  });
}

export function useResetEmbedder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => unwrap(client.DELETE("/api/settings/embeddings")),
    onSuccess: (current) => queryClient.setQueryData(KEY, current),
  });
}

/** A test result in a sentence. */
export function describeEmbeddingTest(test: EmbeddingTest): string {
  if (!test.ok) return test.error ?? "The embedder gave no vectors.";
  return `${test.embedder} embedded two sentences in ${test.latencyMs ?? "?"} ms: ${test.dimensions ?? "?"} dimensions.`;
}
