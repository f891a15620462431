import { useInfiniteQuery, useQuery } from "@tanstack/react-query";
import { ApiError, client, unwrap } from "@/lib/api-client";
import type { components } from "@/lib/api-schema";

/** The shared page's calls: each carries the link's secret as its bearer token, which opens
 * only this one session's or survey's results (docs/teams.md#share-links). */
export type ShareInfo = components["schemas"]["ShareInfoOut"];

function auth(token: string) {
  return { Authorization: `Bearer ${token}` };
}

export function useShareInfo(token: string) {
  return useQuery({
    queryKey: ["shared", token, "info"],
    queryFn: ({ signal }) => unwrap(client.GET("/api/share", { headers: auth(token), signal })),
    retry: false,
  });
}

export function useSharedSession(token: string, id: string) {
  return useQuery({
    queryKey: ["shared", token, "session", id],
    queryFn: ({ signal }) =>
      unwrap(
        client.GET("/api/sessions/{session_id}", {
          params: { path: { session_id: id } },
          headers: auth(token),
          signal,
        }),
      ),
  });
}

export function useSharedTranscript(token: string, id: string) {
  return useInfiniteQuery({
    queryKey: ["shared", token, "messages", id],
    initialPageParam: null as string | null,
    queryFn: ({ pageParam, signal }) =>
      unwrap(
        client.GET("/api/sessions/{session_id}/messages", {
          params: { path: { session_id: id }, query: { limit: 200, cursor: pageParam } },
          headers: auth(token),
          signal,
        }),
      ),
    getNextPageParam: (page) => page.nextCursor ?? null,
  });
}

export function useSharedHealth(token: string, id: string) {
  return useQuery({
    queryKey: ["shared", token, "health", id],
    queryFn: ({ signal }) =>
      unwrap(
        client.GET("/api/sessions/{session_id}/health", {
          params: { path: { session_id: id } },
          headers: auth(token),
          signal,
        }),
      ),
  });
}

export function useSharedSurvey(token: string, id: string) {
  return useQuery({
    queryKey: ["shared", token, "survey", id],
    queryFn: async ({ signal }) => {
      const path = { params: { path: { survey_id: id } }, headers: auth(token), signal };
      const [survey, results] = await Promise.all([
        unwrap(client.GET("/api/surveys/{survey_id}", path)),
        unwrap(client.GET("/api/surveys/{survey_id}/results", path)),
      ]);
      return { survey, results };
    },
  });
}

/** An export saved as a file: fetched with the link's secret (a plain link cannot carry it),
 * then handed to the browser as a download under the server's file name. */
export async function downloadShared(token: string, url: string, fallbackName: string) {
  const response = await fetch(url, { headers: auth(token) });
  if (!response.ok) {
    const body = (await response.json().catch(() => null)) as { error?: string } | null;
    throw new ApiError(response.status, body?.error ?? `Download failed (${response.status})`);
  }
  const disposition = response.headers.get("content-disposition") ?? "";
  const utf8 = /filename\*=UTF-8''([^;]+)/i.exec(disposition);
  const plain = /filename="([^"]+)"/i.exec(disposition);
  const name = utf8 ? decodeURIComponent(utf8[1]!) : (plain?.[1] ?? fallbackName);
  const href = URL.createObjectURL(await response.blob());
  const anchor = document.createElement("a");
  anchor.href = href;
  anchor.download = name;
  document.body.append(anchor);
  anchor.click();
  anchor.remove();
  setTimeout(() => URL.revokeObjectURL(href), 10_000);
}
