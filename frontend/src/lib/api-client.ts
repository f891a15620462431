import createClient, { type Middleware } from "openapi-fetch";
import { paths as appPaths } from "@/config/paths";
import type { paths } from "./api-schema";
import type { ErrorBody } from "./api-types";
import { chosenWorkspace, WORKSPACE_HEADER } from "./workspace";

/** Base path of the REST API; the dev server proxies it to the Python server. */
export const API_BASE = "/api";

/**
 * An error answered by the API (status >= 400) or a failure to reach it (status 0).
 * `error` is the server's summary and `errors` its list of the product's messages.
 */
export class ApiError extends Error {
  readonly status: number;
  readonly error: string;
  readonly errors: string[];

  constructor(status: number, error: string, errors: string[] = []) {
    super(errors.length > 0 ? joinMessages(errors) : error);
    this.name = "ApiError";
    this.status = status;
    this.error = error;
    this.errors = errors;
  }
}

/**
 * Joins messages "with periods" into one sentence list, as the product's persona form
 * toast does: ["Name is required", "Location is required"] ->
 * "Name is required. Location is required".
 */
export function joinMessages(messages: readonly string[]): string {
  return messages
    .map((m) => m.trim().replace(/\.+$/, ""))
    .filter((m) => m.length > 0)
    .join(". ");
}

/** The user-facing text of any thrown value, or `fallback` when it has none. */
export function errorMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiError) return error.message || fallback;
  if (error instanceof Error && error.message) return error.message;
  return fallback;
}

/** The sign-in screen, shown when the server needs its access token (COLLOQUY_ACCESS_TOKEN). */
export const SIGN_IN_PATH = appPaths.signIn.path;

/** The API answered 401: go to sign-in, which brings the user back here afterwards. */
function redirectToSignIn(): void {
  if (typeof window === "undefined" || window.location.pathname === SIGN_IN_PATH) return;
  const here = window.location.pathname + window.location.search + window.location.hash;
  window.location.assign(`${SIGN_IN_PATH}?next=${encodeURIComponent(here)}`);
}

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);
const CSRF_COOKIE = "colloquy_csrf";
export const CSRF_HEADER = "X-CSRF-Token";

/**
 * The CSRF token of a signed-in account's browser session: the readable colloquy_csrf
 * cookie, sent back on every write as X-CSRF-Token (docs/teams.md). Null without one.
 */
export function csrfToken(cookies: string = globalThis.document?.cookie ?? ""): string | null {
  for (const part of cookies.split(";")) {
    const [name, ...rest] = part.trim().split("=");
    if (name === CSRF_COOKIE) return decodeURIComponent(rest.join("="));
  }
  return null;
}

function isErrorBody(value: unknown): value is ErrorBody {
  return (
    typeof value === "object" &&
    value !== null &&
    "error" in value &&
    typeof value.error === "string"
  );
}

/** A body as the server sent it: parsed JSON, the raw text when it is not JSON, undefined when empty. */
async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (text.length === 0) return undefined;
  const type = response.headers.get("content-type") ?? "";
  if (type.includes("json") || /^[\s]*[{[]/.test(text)) {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      return text;
    }
  }
  return text;
}

/** The ApiError for an answer with status >= 400, from the app's error body when it sent one. */
function apiErrorOf(status: number, body: unknown): ApiError {
  if (!isErrorBody(body)) return new ApiError(status, `Request failed (${status})`);
  const errors = Array.isArray(body.errors)
    ? body.errors.filter((e): e is string => typeof e === "string")
    : [];
  return new ApiError(status, body.error, errors);
}

/**
 * Every call's shared rules: JSON answers, a 401 sends the user to sign-in (except the
 * sign-in calls themselves), a status >= 400 or a body that is not JSON throws ApiError,
 * and a network failure throws ApiError status 0 (an abort stays an AbortError).
 */
const apiRules: Middleware = {
  onRequest({ request }) {
    request.headers.set("Accept", "application/json");
    const token = SAFE_METHODS.has(request.method) ? null : csrfToken();
    if (token) request.headers.set(CSRF_HEADER, token);
    const workspace = chosenWorkspace();
    if (workspace) request.headers.set(WORKSPACE_HEADER, workspace);
    return undefined;
  },
  async onResponse({ response, schemaPath }) {
    if (response.status === 401 && !schemaPath.startsWith(`${API_BASE}/auth/`)) redirectToSignIn();
    const body = await readBody(response.clone());
    if (!response.ok) throw apiErrorOf(response.status, body);
    if (typeof body === "string")
      throw new ApiError(response.status, "Unexpected response from the server");
    return undefined;
  },
  onError({ error }) {
    if (error instanceof DOMException && error.name === "AbortError") return undefined;
    return new ApiError(0, "Could not reach the server. Check that Colloquy is running.");
  },
};

/**
 * The typed API client: paths, parameters, bodies and answers come from the server's OpenAPI
 * schema (api-schema.d.ts), e.g. `client.GET("/api/sessions/{session_id}", ...)`.
 */
export const client = createClient<paths>({
  // Looked up on each call, so a replaced global fetch (tests, dev tools) is the one used.
  fetch: (request) => globalThis.fetch(request),
});
client.use(apiRules);

/**
 * The answer's data, typed by the schema. Errors already threw ApiError in `apiRules`; an
 * empty answer where the schema promises a body is as unexpected as a body that is not JSON.
 */
export async function unwrap<D>(call: Promise<{ data?: D; response: Response }>): Promise<D> {
  const { data, response } = await call;
  if (data === undefined)
    throw new ApiError(response.status, "Unexpected response from the server");
  return data;
}

/** Waits for a call whose answer has no body (204); errors throw ApiError as for any call. */
export async function noContent(call: Promise<{ response: Response }>): Promise<void> {
  await call;
}

/**
 * A multipart body for the typed client: `body: formBody(form)`. openapi-typescript types
 * binary parts (`format: binary`) as strings, while the browser sends the FormData's Files
 * as they are (openapi-fetch passes a FormData through unchanged, without a JSON content
 * type). The one place a FormData stands for a generated body type.
 */
export function formBody<Body>(form: FormData): Exclude<Body, undefined> {
  return form as Exclude<Body, undefined>;
}
