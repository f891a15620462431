import type { RequestHandler } from "msw";
import { authHandlers } from "./auth";
import { modelSettingsHandlers } from "./model-settings";
import { personaHandlers } from "./personas";
import { sessionHandlers } from "./sessions";
import { usageHandlers } from "./usage";
import { workspaceHandlers } from "./workspaces";

/** The answers every test starts with; a test overrides them with `server.use(...)`. */
export const handlers: RequestHandler[] = [
  ...personaHandlers,
  ...sessionHandlers,
  ...modelSettingsHandlers,
  ...usageHandlers,
  ...authHandlers,
  ...workspaceHandlers,
];
