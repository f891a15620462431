import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { client, unwrap } from "@/lib/api-client";
import type { components } from "@/lib/api-schema";

/** The signed-in account's personal API tokens (docs/teams.md#personal-api-tokens). */
export type ApiToken = components["schemas"]["TokenOut"];
export type NewToken = components["schemas"]["TokenCreate"];

const KEY = ["team", "tokens"] as const;

export function useTokens() {
  return useQuery({
    queryKey: KEY,
    queryFn: ({ signal }) => unwrap(client.GET("/api/tokens", { signal })),
  });
}

export function useCreateToken() {
  const queries = useQueryClient();
  return useMutation({
    mutationFn: (body: NewToken) => unwrap(client.POST("/api/tokens", { body })),
    onSuccess: () => queries.invalidateQueries({ queryKey: KEY }),
  });
}

export function useRevokeToken() {
  const queries = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      unwrap(client.DELETE("/api/tokens/{id}", { params: { path: { id } } })),
    onSuccess: () => queries.invalidateQueries({ queryKey: KEY }),
  });
}
