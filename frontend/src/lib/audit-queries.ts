import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { client, unwrap } from "@/lib/api-client";
import type { AuditJob, LibraryAudit, PersonaAudit } from "@/lib/api-types";

export const libraryAuditKey = ["personas", "audit"] as const;
export const personaAuditKey = (id: string) => ["personas", id, "audit"] as const;

export function getLibraryAudit(signal?: AbortSignal): Promise<LibraryAudit> {
  return unwrap(client.GET("/api/personas/audit", { signal }));
}

/** GET /api/personas/audit: per-trait r and error across the library, the latest audit of
 * each persona and the progress of a library audit (polled while one runs). */
export function useLibraryAudit() {
  return useQuery({
    queryKey: libraryAuditKey,
    queryFn: ({ signal }) => getLibraryAudit(signal),
    refetchInterval: (query) => (query.state.data?.job.running ? 1500 : false),
  });
}

export function useStartLibraryAudit() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (): Promise<AuditJob> => unwrap(client.POST("/api/personas/audit")),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: libraryAuditKey }),
  });
}

export function usePersonaAudit(id: string, enabled = true) {
  return useQuery({
    queryKey: personaAuditKey(id),
    queryFn: ({ signal }): Promise<PersonaAudit | null> =>
      unwrap(
        client.GET("/api/personas/{persona_id}/audit", {
          params: { path: { persona_id: id } },
          signal,
        }),
      ),
    enabled,
  });
}

export function useRunPersonaAudit(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (): Promise<PersonaAudit> =>
      unwrap(
        client.POST("/api/personas/{persona_id}/audit", { params: { path: { persona_id: id } } }),
      ),
    onSuccess: (audit) => {
      queryClient.setQueryData(personaAuditKey(id), audit);
      return queryClient.invalidateQueries({ queryKey: libraryAuditKey });
    },
  });
}
