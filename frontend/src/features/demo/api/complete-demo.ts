import { mutationOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { client, unwrap } from "@/lib/api-client";
import type { DemoCompleteResponse } from "@/lib/api-types";
import { queryKeys } from "@/lib/query-keys";

export const DEMO_SESSION_ID = "demo";

/** Stores the demo as the completed session 'demo' (replacing any earlier run). */
export function completeDemo(speed: number): Promise<DemoCompleteResponse> {
  return unwrap(client.POST("/api/sessions/demo/complete", { body: { speed } }));
}

export const completeDemoMutationOptions = () =>
  mutationOptions({
    mutationKey: ["sessions", DEMO_SESSION_ID, "complete"],
    mutationFn: completeDemo,
  });

export function useCompleteDemo() {
  const queryClient = useQueryClient();
  return useMutation({
    ...completeDemoMutationOptions(),
    onSuccess: () => {
      // A fresh transcript: drop the old demo (and its analytics) and refresh the dashboard.
      queryClient.removeQueries({ queryKey: queryKeys.session(DEMO_SESSION_ID) });
      void queryClient.invalidateQueries({ queryKey: queryKeys.sessionSummaries });
    },
  });
}
