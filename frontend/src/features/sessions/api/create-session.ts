import { mutationOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { client, unwrap } from "@/lib/api-client";
import type { Session, SessionCreateInput } from "@/lib/api-types";
import { storeSession } from "./session-cache";

/** Start Session: the server validates, snapshots the participants and sets in-progress. */
export function createSession(input: SessionCreateInput): Promise<Session> {
  return unwrap(client.POST("/api/sessions", { body: input }));
}

export const createSessionMutationOptions = () =>
  mutationOptions({ mutationKey: ["sessions", "create"], mutationFn: createSession });

export function useCreateSession() {
  const queryClient = useQueryClient();
  return useMutation({
    ...createSessionMutationOptions(),
    onSuccess: (session) => storeSession(queryClient, session),
  });
}
