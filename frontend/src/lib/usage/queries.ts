import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { queryKeys } from "@/lib/query-keys";
import type { Budget, Estimate, PriceDefaults, PriceTable, WebhookDelivery, WebhookSettings } from "./types";

const PRICES = ["settings", "prices"] as const;
const BUDGET = ["settings", "budget"] as const;

export function usePrices() {
  return useQuery({ queryKey: PRICES, queryFn: ({ signal }) => api.get<PriceTable>("/settings/prices", signal) });
}

export function usePriceDefaults() {
  return useQuery({
    queryKey: [...PRICES, "defaults"],
    queryFn: ({ signal }) => api.get<PriceDefaults>("/settings/prices/defaults", signal),
    staleTime: Infinity,
  });
}

export function useSavePrices() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (table: PriceTable) => api.put<PriceTable>("/settings/prices", table),
    onSuccess: (data) => queryClient.setQueryData(PRICES, data),
  });
}

export function useResetPrices() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.delete<PriceTable>("/settings/prices"),
    onSuccess: (data) => queryClient.setQueryData(PRICES, data),
  });
}

export function useDefaultBudget() {
  return useQuery({ queryKey: BUDGET, queryFn: ({ signal }) => api.get<Budget>("/settings/budget", signal) });
}

export function useSaveDefaultBudget() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (budgetUsd: number | null) => api.put<Budget>("/settings/budget", { budgetUsd }),
    onSuccess: (data) => queryClient.setQueryData(BUDGET, data),
  });
}

/** The cost estimate of a session or survey set up like `body` (the create body). */
export function useEstimate(kind: "sessions" | "surveys", body: unknown, enabled: boolean) {
  return useQuery({
    queryKey: ["estimate", kind, body],
    queryFn: () => api.post<Estimate>(`/${kind}/estimate`, body),
    enabled,
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
}

/** Set a session's or survey's own budget (then Retry / Run continues it). */
export function useRaiseBudget(kind: "sessions" | "surveys", id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (budgetUsd: number) => api.put<Budget>(`/${kind}/${encodeURIComponent(id)}/budget`, { budgetUsd }),
    // The session's and survey's own query keys (lib/query-keys.ts; surveys/api/surveys.ts).
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: kind === "sessions" ? queryKeys.session(id) : ["surveys", id] }),
  });
}

const WEBHOOKS = ["settings", "webhooks"] as const;

export function useWebhookSettings() {
  return useQuery({ queryKey: WEBHOOKS, queryFn: ({ signal }) => api.get<WebhookSettings>("/settings/webhooks", signal) });
}

export function useSaveWebhook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { url: string | null; secret: string | null }) => api.put<WebhookSettings>("/settings/webhooks", input),
    onSuccess: (data) => queryClient.setQueryData(WEBHOOKS, data),
  });
}

/** The latest failed deliveries (polled while the card is open). */
export function useFailedDeliveries() {
  return useQuery({
    queryKey: [...WEBHOOKS, "failed"],
    queryFn: ({ signal }) => api.get<WebhookDelivery[]>("/settings/webhooks/deliveries?status=failed", signal),
    refetchInterval: 15_000,
  });
}
