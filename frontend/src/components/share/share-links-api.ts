import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { client, unwrap } from "@/lib/api-client";
import type { components } from "@/lib/api-schema";

/** A read-only link to one session's or survey's results (docs/teams.md#share-links). */
export type ShareLink = components["schemas"]["ShareLinkOut"];
export type CreatedShareLink = components["schemas"]["ShareLinkCreatedOut"];
export type ShareKind = ShareLink["kind"];

export const SHARE_DAY_CHOICES = [1, 7, 14, 30, 90] as const;
export const SHARE_DAYS_DEFAULT = 14;

const linksKey = (kind: ShareKind, id: string) => ["share-links", kind, id] as const;

export function listShareLinks(kind: ShareKind, id: string, signal?: AbortSignal) {
  return kind === "session"
    ? unwrap(
        client.GET("/api/sessions/{session_id}/share-links", {
          params: { path: { session_id: id } },
          signal,
        }),
      )
    : unwrap(
        client.GET("/api/surveys/{survey_id}/share-links", {
          params: { path: { survey_id: id } },
          signal,
        }),
      );
}

export function createShareLink(kind: ShareKind, id: string, expiresInDays: number) {
  const body = { expiresInDays };
  return kind === "session"
    ? unwrap(
        client.POST("/api/sessions/{session_id}/share-links", {
          params: { path: { session_id: id } },
          body,
        }),
      )
    : unwrap(
        client.POST("/api/surveys/{survey_id}/share-links", {
          params: { path: { survey_id: id } },
          body,
        }),
      );
}

export function revokeShareLink(linkId: string) {
  return unwrap(
    client.DELETE("/api/share-links/{link_id}", { params: { path: { link_id: linkId } } }),
  );
}

export function useShareLinks(kind: ShareKind, id: string) {
  return useQuery({
    queryKey: linksKey(kind, id),
    queryFn: ({ signal }) => listShareLinks(kind, id, signal),
  });
}

export function useCreateShareLink(kind: ShareKind, id: string) {
  const queries = useQueryClient();
  return useMutation({
    mutationFn: (days: number) => createShareLink(kind, id, days),
    onSuccess: () => queries.invalidateQueries({ queryKey: linksKey(kind, id) }),
  });
}

export function useRevokeShareLink(kind: ShareKind, id: string) {
  const queries = useQueryClient();
  return useMutation({
    mutationFn: revokeShareLink,
    onSuccess: () => queries.invalidateQueries({ queryKey: linksKey(kind, id) }),
  });
}
