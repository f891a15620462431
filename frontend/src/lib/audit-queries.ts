import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import type { AuditJob, LibraryAudit, PersonaAudit } from "@/lib/api-types";

export const libraryAuditKey = ["personas", "audit"] as const;
export const personaAuditKey = (id: string) => ["personas", id, "audit"] as const;

export function getLibraryAudit(signal?: AbortSignal): Promise<LibraryAudit> {
  return api.get<LibraryAudit>("/personas/audit", signal);
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
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<AuditJob>("/personas/audit"),
    onSuccess: () => client.invalidateQueries({ queryKey: libraryAuditKey }),
  });
}

export function usePersonaAudit(id: string, enabled = true) {
  return useQuery({
    queryKey: personaAuditKey(id),
    queryFn: ({ signal }) =>
      api.get<PersonaAudit | null>(`/personas/${encodeURIComponent(id)}/audit`, signal),
    enabled,
  });
}

export function useRunPersonaAudit(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<PersonaAudit>(`/personas/${encodeURIComponent(id)}/audit`),
    onSuccess: (audit) => {
      client.setQueryData(personaAuditKey(id), audit);
      return client.invalidateQueries({ queryKey: libraryAuditKey });
    },
  });
}
