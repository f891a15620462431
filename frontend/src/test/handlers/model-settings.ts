import { HttpResponse } from "msw";
import { api } from "./api";

/** No model profiles, no downloads and an empty model catalog. */
export const modelSettingsHandlers = [
  api.get("/api/model-profiles", () => HttpResponse.json({ profiles: [] })),
  api.get("/api/models/catalog", () => HttpResponse.json({ models: [] })),
  api.get("/api/models/downloads", () => HttpResponse.json({ downloads: [] })),
];
