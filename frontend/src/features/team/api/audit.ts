import { useInfiniteQuery } from "@tanstack/react-query";
import { API_BASE, client, unwrap } from "@/lib/api-client";
import type { components } from "@/lib/api-schema";

/** The audit log, for admins (docs/teams.md#audit-log). */
export type AuditEvent = components["schemas"]["AuditEventOut"];

export interface AuditFilters {
  actor: string;
  action: string;
  since: string; // a datetime-local value, "" for none
  until: string;
  failed: "" | "true" | "false";
}

export const NO_FILTERS: AuditFilters = { actor: "", action: "", since: "", until: "", failed: "" };

/** The filters as the API's query: empty ones left out, local times sent as UTC. */
export function auditQuery(filters: AuditFilters): Record<string, string> {
  const query: Record<string, string> = {};
  if (filters.actor.trim()) query.actor = filters.actor.trim();
  if (filters.action.trim()) query.action = filters.action.trim();
  if (filters.since) query.since = new Date(filters.since).toISOString();
  if (filters.until) query.until = new Date(filters.until).toISOString();
  if (filters.failed) query.failed = filters.failed;
  return query;
}

export function auditExportUrl(format: "csv" | "json", filters: AuditFilters): string {
  const query = new URLSearchParams(auditQuery(filters)).toString();
  return `${API_BASE}/audit/export.${format}${query ? `?${query}` : ""}`;
}

export const AUDIT_PAGE = 50;

export function useAuditLog(filters: AuditFilters) {
  return useInfiniteQuery({
    queryKey: ["team", "audit", filters],
    initialPageParam: null as number | null,
    queryFn: ({ pageParam, signal }) =>
      unwrap(
        client.GET("/api/audit", {
          params: {
            query: {
              ...auditQuery(filters),
              failed: filters.failed === "" ? undefined : filters.failed === "true",
              limit: AUDIT_PAGE,
              before: pageParam ?? undefined,
            },
          },
          signal,
        }),
      ),
    getNextPageParam: (page) => page.nextCursor ?? null,
  });
}
