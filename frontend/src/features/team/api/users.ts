import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { client, noContent, unwrap } from "@/lib/api-client";
import type { components } from "@/lib/api-schema";

/** Accounts, for admins (docs/teams.md#accounts). */
export type User = components["schemas"]["UserOut"];
export type NewUser = components["schemas"]["UserCreate"];
export type UserChange = components["schemas"]["UserUpdate"];

const KEY = ["team", "users"] as const;

export function useUsers() {
  return useQuery({
    queryKey: KEY,
    queryFn: ({ signal }) => unwrap(client.GET("/api/users", { signal })),
  });
}

export function useCreateUser() {
  const queries = useQueryClient();
  return useMutation({
    mutationFn: (body: NewUser) => unwrap(client.POST("/api/users", { body })),
    onSuccess: () => queries.invalidateQueries({ queryKey: KEY }),
  });
}

export function useUpdateUser() {
  const queries = useQueryClient();
  return useMutation({
    mutationFn: ({ id, change }: { id: string; change: UserChange }) =>
      unwrap(client.PATCH("/api/users/{id}", { params: { path: { id } }, body: change })),
    onSuccess: () => queries.invalidateQueries({ queryKey: KEY }),
  });
}

export function useResetPassword() {
  return useMutation({
    mutationFn: ({ id, password }: { id: string; password: string }) =>
      noContent(
        client.PUT("/api/users/{id}/password", { params: { path: { id } }, body: { password } }),
      ),
  });
}
