import { WORKSPACE_STORAGE_KEY } from "@/lib/workspace";

const COOKIE = "colloquy_workspace";

/** Remembers the workspace chosen (null: forget the choice) in localStorage and in the
 * cookie the server reads for what the browser requests by itself. */
export function chooseWorkspace(id: string | null): void {
  try {
    if (id) globalThis.localStorage?.setItem(WORKSPACE_STORAGE_KEY, id);
    else globalThis.localStorage?.removeItem(WORKSPACE_STORAGE_KEY);
  } catch {
    // storage blocked: the cookie below still carries the choice
  }
  document.cookie = id
    ? `${COOKIE}=${encodeURIComponent(id)}; path=/; SameSite=Strict`
    : `${COOKIE}=; path=/; max-age=0; SameSite=Strict`;
}
