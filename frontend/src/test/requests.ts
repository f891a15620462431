import { server } from "./server";

/**
 * Every request the app sends from now on (until the test ends), as copies whose bodies can
 * still be read: for tests that check what was asked, not only what the page shows.
 */
export function recordRequests(): Request[] {
  const seen: Request[] = [];
  server.events.on("request:start", ({ request }) => {
    seen.push(request.clone());
  });
  return seen;
}

/** A request's path and query as the app wrote it: "/api/personas/import?dryRun=true". */
export function pathOf(request: Request): string {
  const url = new URL(request.url);
  return url.pathname + url.search;
}

/** The JSON body of the last recorded `method` request to `path` (and query), if there was one. */
export async function sentJson(
  requests: readonly Request[],
  method: string,
  path: string,
): Promise<unknown> {
  const request = requests.findLast((r) => r.method === method && pathOf(r) === path);
  return request ? ((await request.clone().json()) as unknown) : undefined;
}
