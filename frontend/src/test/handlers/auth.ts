import { HttpResponse } from "msw";
import { api } from "./api";

/** One person on loopback: no account, no sign-in (the default of every test). */
export const authHandlers = [
  api.get("/api/auth/me", () =>
    HttpResponse.json({
      accounts: false,
      firstRun: false,
      user: null,
      isAdmin: true,
      workspaces: 1,
    }),
  ),
];
