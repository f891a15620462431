import type { RequestHandler } from "msw";

/** The answers every test starts with; a test overrides them with `server.use(...)`. */
export const handlers: RequestHandler[] = [];
