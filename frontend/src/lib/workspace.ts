/**
 * The workspace the switcher chose (docs/teams.md): kept in localStorage, sent on every API
 * call as X-Colloquy-Workspace, and as the colloquy_workspace cookie for what the browser
 * requests by itself (event streams, downloads, images). None chosen: the server uses the
 * caller's first workspace.
 */
export const WORKSPACE_HEADER = "X-Colloquy-Workspace";
const STORAGE_KEY = "colloquy.workspace";
const COOKIE = "colloquy_workspace";

export function chosenWorkspace(): string | null {
  try {
    return globalThis.localStorage?.getItem(STORAGE_KEY) ?? null;
  } catch {
    return null; // storage blocked: the server's default
  }
}

/** Remembers `id` (null: forget the choice). */
export function chooseWorkspace(id: string | null): void {
  try {
    if (id) globalThis.localStorage?.setItem(STORAGE_KEY, id);
    else globalThis.localStorage?.removeItem(STORAGE_KEY);
  } catch {
    // storage blocked: the cookie below still carries the choice
  }
  if (typeof document !== "undefined")
    document.cookie = id
      ? `${COOKIE}=${encodeURIComponent(id)}; path=/; SameSite=Strict`
      : `${COOKIE}=; path=/; max-age=0; SameSite=Strict`;
}
