import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { client, unwrap } from "@/lib/api-client";
import { queryKeys } from "@/lib/query-keys";
import type { EstimateTarget, PriceTable } from "./types";

const PRICES = ["settings", "prices"] as const;
const BUDGET = ["settings", "budget"] as const;

export function usePrices() {
  return useQuery({
    queryKey: PRICES,
    queryFn: ({ signal }) => unwrap(client.GET("/api/settings/prices", { signal })),
  });
}

export function usePriceDefaults() {
  return useQuery({
    queryKey: [...PRICES, "defaults"],
    queryFn: ({ signal }) => unwrap(client.GET("/api/settings/prices/defaults", { signal })),
    staleTime: Infinity,
  });
}

export function useSavePrices() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (table: PriceTable) => unwrap(client.PUT("/api/settings/prices", { body: table })),
    onSuccess: (data) => queryClient.setQueryData(PRICES, data),
  });
}

export function useResetPrices() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => unwrap(client.DELETE("/api/settings/prices")),
    onSuccess: (data) => queryClient.setQueryData(PRICES, data),
  });
}

export function useDefaultBudget() {
  return useQuery({
    queryKey: BUDGET,
    queryFn: ({ signal }) => unwrap(client.GET("/api/settings/budget", { signal })),
  });
}

export function useSaveDefaultBudget() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (budgetUsd: number | null) =>
      unwrap(client.PUT("/api/settings/budget", { body: { budgetUsd } })),
    onSuccess: (data) => queryClient.setQueryData(BUDGET, data),
  });
}

/** The cost estimate of a session or survey set up like `target.body` (the create body). */
export function useEstimate(target: EstimateTarget, enabled: boolean) {
  return useQuery({
    queryKey: ["estimate", target.kind, target.body],
    queryFn: () =>
      target.kind === "sessions"
        ? unwrap(client.POST("/api/sessions/estimate", { body: target.body }))
        : unwrap(client.POST("/api/surveys/estimate", { body: target.body })),
    enabled,
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
}

/** Set a session's or survey's own budget (then Retry / Run continues it). */
export function useRaiseBudget(kind: "sessions" | "surveys", id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (budgetUsd: number) =>
      kind === "sessions"
        ? unwrap(
            client.PUT("/api/sessions/{session_id}/budget", {
              params: { path: { session_id: id } },
              body: { budgetUsd },
            }),
          )
        : unwrap(
            client.PUT("/api/surveys/{survey_id}/budget", {
              params: { path: { survey_id: id } },
              body: { budgetUsd },
            }),
          ),
    // The session's and survey's own query keys (lib/query-keys.ts; surveys/api/surveys.ts).
    onSuccess: () =>
      void queryClient.invalidateQueries({
        queryKey: kind === "sessions" ? queryKeys.session(id) : ["surveys", id],
      }),
  });
}

const WEBHOOKS = ["settings", "webhooks"] as const;

export function useWebhookSettings() {
  return useQuery({
    queryKey: WEBHOOKS,
    queryFn: ({ signal }) => unwrap(client.GET("/api/settings/webhooks", { signal })),
  });
}

export function useSaveWebhook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { url: string | null; secret: string | null }) =>
      unwrap(client.PUT("/api/settings/webhooks", { body: input })),
    onSuccess: (data) => queryClient.setQueryData(WEBHOOKS, data),
  });
}

/** The latest failed deliveries (polled while the card is open). */
export function useFailedDeliveries() {
  return useQuery({
    queryKey: [...WEBHOOKS, "failed"],
    queryFn: ({ signal }) =>
      unwrap(
        client.GET("/api/settings/webhooks/deliveries", {
          params: { query: { status: "failed" } },
          signal,
        }),
      ),
    refetchInterval: 15_000,
  });
}
