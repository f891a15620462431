/**
 * The workspace the switcher chose (docs/teams.md): kept in localStorage, sent on every API
 * call as X-Colloquy-Workspace, and as the colloquy_workspace cookie for what the browser
 * requests by itself (event streams, downloads, images). None chosen: the server uses the
 * caller's first workspace.
 */
export const WORKSPACE_HEADER = "X-Colloquy-Workspace";
export const WORKSPACE_STORAGE_KEY = "colloquy.workspace";

export function chosenWorkspace(): string | null {
  try {
    return globalThis.localStorage?.getItem(WORKSPACE_STORAGE_KEY) ?? null;
  } catch {
    return null; // storage blocked: the server's default
  }
}
