import { HttpResponse } from "msw";
import { api } from "./api";

/** One person on loopback: the one workspace, as admin (the default of every test). */
export const DEFAULT_WORKSPACES = [
  { id: "default", name: "Default", role: "admin", createdAt: "2026-11-28T09:00:00Z" },
];

export const workspaceHandlers = [
  api.get("/api/workspaces", () => HttpResponse.json(DEFAULT_WORKSPACES)),
];
