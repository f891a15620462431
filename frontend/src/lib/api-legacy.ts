// Transitional: the untyped wrapper, until every call is on the typed `client` (issue 26).
import type { ErrorBody } from "./api-types";
import { API_BASE, ApiError, SIGN_IN_PATH } from "./api-client";

function redirectToSignIn(): void {
  if (typeof window === "undefined" || window.location.pathname === SIGN_IN_PATH) return;
  const here = window.location.pathname + window.location.search + window.location.hash;
  window.location.assign(`${SIGN_IN_PATH}?next=${encodeURIComponent(here)}`);
}

export interface RequestOptions {
  method?: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  /** Sent as JSON. */
  json?: unknown;
  /** Sent as multipart/form-data (takes precedence over `json`). */
  formData?: FormData;
  signal?: AbortSignal;
}

function isErrorBody(value: unknown): value is ErrorBody {
  return (
    typeof value === "object" &&
    value !== null &&
    typeof (value as { error?: unknown }).error === "string"
  );
}

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

/**
 * Calls the API and returns its parsed JSON body (undefined for empty bodies such as 204).
 * Throws ApiError for statuses >= 400 and for network failures.
 */
export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const { method = "GET", json, formData, signal } = options;
  const headers: Record<string, string> = { Accept: "application/json" };
  let body: BodyInit | undefined;
  if (formData) {
    body = formData;
  } else if (json !== undefined) {
    headers["Content-Type"] = "application/json";
    body = JSON.stringify(json);
  }

  let response: Response;
  try {
    response = await fetch(`${API_BASE}${path}`, { method, headers, body, signal });
  } catch (cause) {
    if (cause instanceof DOMException && cause.name === "AbortError") throw cause;
    throw new ApiError(0, "Could not reach the server. Check that Colloquy is running.");
  }

  const data = await readBody(response);
  if (response.status === 401 && !path.startsWith("/auth/")) redirectToSignIn();
  if (!response.ok) {
    if (isErrorBody(data)) {
      const errors = Array.isArray(data.errors)
        ? data.errors.filter((e): e is string => typeof e === "string")
        : [];
      throw new ApiError(response.status, data.error, errors);
    }
    throw new ApiError(response.status, `Request failed (${response.status})`);
  }
  if (data !== undefined && typeof data === "string") {
    throw new ApiError(response.status, "Unexpected response from the server");
  }
  return data as T;
}

export const api = {
  get: <T>(path: string, signal?: AbortSignal) => apiRequest<T>(path, { signal }),
  post: <T>(path: string, json?: unknown) => apiRequest<T>(path, { method: "POST", json }),
  put: <T>(path: string, json?: unknown) => apiRequest<T>(path, { method: "PUT", json }),
  patch: <T>(path: string, json?: unknown) => apiRequest<T>(path, { method: "PATCH", json }),
  delete: <T = void>(path: string) => apiRequest<T>(path, { method: "DELETE" }),
  upload: <T>(path: string, formData: FormData) =>
    apiRequest<T>(path, { method: "POST", formData }),
};
