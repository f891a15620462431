import { HttpResponse } from "msw";
import { api } from "./api";

/** No saved draft of the create form; saving or clearing one succeeds. */
export const sessionHandlers = [
  api.get("/api/draft", () => HttpResponse.json({ draft: null })),
  api.put("/api/draft", () => HttpResponse.json({})),
  api.delete("/api/draft", () => new HttpResponse(null, { status: 204 })),
];
