import { HttpResponse } from "msw";
import type { components } from "@/lib/api-schema";
import { api } from "./api";

const NO_TOKENS = { promptTokens: 0, completionTokens: 0, cachedTokens: 0, costUsd: 0 };

/** The estimate of a run that calls no model. */
export const EMPTY_ESTIMATE: components["schemas"]["EstimateOut"] = {
  calls: 0,
  promptTokens: 0,
  completionTokens: 0,
  costUsd: 0,
  provider: "openai",
  model: "gpt-4o-mini",
  priced: true,
  unpriced: [],
  basis: "",
  range: { low: NO_TOKENS, high: NO_TOKENS },
  assumptions: [],
};

/** No default budget, and estimates of nothing. */
export const usageHandlers = [
  api.get("/api/settings/budget", () => HttpResponse.json({ budgetUsd: null })),
  api.post("/api/sessions/estimate", () => HttpResponse.json(EMPTY_ESTIMATE)),
  api.post("/api/surveys/estimate", () => HttpResponse.json(EMPTY_ESTIMATE)),
];
