import { setupServer } from "msw/node";
import { handlers } from "./handlers";

/**
 * The API as the tests see it: Mock Service Worker answers every fetch with the shared
 * handlers (src/test/handlers); a test changes an answer with `server.use(...)`, undone after
 * it (src/test/setup.ts). A request no handler answers fails with an error.
 */
export const server = setupServer(...handlers);
