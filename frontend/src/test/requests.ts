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

export interface SentCall {
  method: string;
  /** Path and query. */
  url: string;
  /** The parsed JSON body; undefined when there is none (or until it has been read). */
  body: unknown;
}

/**
 * Every request from now on as method, path and JSON body, in the order the app sent them.
 * A body is read a moment after its request: check it once the page shows the answer.
 */
export function recordCalls(): SentCall[] {
  const calls: SentCall[] = [];
  server.events.on("request:start", ({ request }) => {
    const call: SentCall = { method: request.method, url: pathOf(request), body: undefined };
    calls.push(call);
    const isJson = request.headers.get("Content-Type")?.includes("json") ?? false;
    void request
      .clone()
      .text()
      .then((text) => {
        if (text && isJson) call.body = JSON.parse(text);
      });
  });
  return calls;
}
