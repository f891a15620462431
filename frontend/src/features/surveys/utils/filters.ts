/** The Surveys screen's filters: a name search, one status, an order. */

import { STATUS_LABELS } from "./format";

export type SurveyStatusFilter = "all" | "draft" | "running" | "stopped" | "completed" | "failed";
export type SurveySortOrder = "newest" | "oldest" | "name";

export interface SurveyFilters {
  search: string;
  status: SurveyStatusFilter;
  sort: SurveySortOrder;
}

export const DEFAULT_SURVEY_FILTERS: SurveyFilters = { search: "", status: "all", sort: "newest" };

/** The status filter's choices in order, each with its label (a status as the list shows it). */
export const STATUS_FILTERS: readonly { value: SurveyStatusFilter; label: string }[] = [
  { value: "all", label: "All Status" },
  ...(["draft", "running", "stopped", "completed", "failed"] as const).map((value) => ({
    value,
    label: STATUS_LABELS[value] ?? value,
  })),
];

export const SORT_LABELS: Record<SurveySortOrder, string> = {
  newest: "Newest first",
  oldest: "Oldest first",
  name: "Name (A-Z)",
};

/** Whether the list is narrowed (an empty answer then means "no match", not "no surveys"). */
export function hasActiveSurveyFilters(filters: SurveyFilters): boolean {
  return filters.search.trim() !== "" || filters.status !== "all";
}
