import { useQuery } from "@tanstack/react-query";
import { client, unwrap } from "@/lib/api-client";

/** GET /api/auth/me, under the query key the user menu reads too (one request for both). */
export function useAccount() {
  return useQuery({
    queryKey: ["auth", "me"],
    queryFn: ({ signal }) => unwrap(client.GET("/api/auth/me", { signal })),
  });
}
