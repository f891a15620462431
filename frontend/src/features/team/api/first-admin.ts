import { useMutation } from "@tanstack/react-query";
import { client, unwrap } from "@/lib/api-client";

/** POST /api/auth/first-admin: only while no account exists, only from this machine. */
export function useCreateFirstAdmin() {
  return useMutation({
    mutationFn: (body: { email: string; password: string }) =>
      unwrap(client.POST("/api/auth/first-admin", { body })),
  });
}
