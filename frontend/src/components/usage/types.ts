import type { components } from "@/lib/api-schema";

type Schemas = components["schemas"];

export type Usage = Schemas["UsageOut"];
export type Price = Schemas["PriceOut"];
export type PriceTable = Record<string, Price>;
export type PriceDefaults = Schemas["PriceDefaultsOut"];
export type Estimate = Schemas["EstimateOut"];
export type Budget = Schemas["BudgetOut"];
export type WebhookSettings = Schemas["WebhookSettingsOut"];
export type WebhookDelivery = Schemas["WebhookDeliveryOut"];
/** What a cost estimate is asked for: a session's or a survey's create body as it stands. */
export type EstimateTarget =
  | { kind: "sessions"; body: Schemas["SessionEstimateIn"] }
  | { kind: "surveys"; body: Schemas["SurveyEstimateIn"] };
