import { API_BASE } from "@/lib/api-client";

export type ExportFormat = "csv" | "json" | "md" | "pdf";

export interface ExportOption {
  format: ExportFormat;
  /** Short name, used in the Export menu. */
  label: string;
  /** Button text on the Export tab. */
  action: string;
  description: string;
}

export const EXPORT_OPTIONS: readonly ExportOption[] = [
  {
    format: "csv",
    label: "CSV",
    action: "Download CSV Report",
    description: "Summary, themes, recommendations and the full transcript, for spreadsheets.",
  },
  {
    format: "json",
    label: "JSON",
    action: "Download JSON",
    description: "The whole session with participants, messages and insights, for other tools.",
  },
  {
    format: "md",
    label: "Markdown",
    action: "Download Markdown",
    description: "A readable report to paste into a document or a wiki.",
  },
  {
    format: "pdf",
    label: "PDF",
    action: "Download PDF report",
    description:
      "A report to hand on: cover, participants, insights, charts, quotes and the transcript.",
  },
];

/**
 * URL of a download (GET /api/sessions/{id}/export.{csv,json,md} or report.pdf). The server names the file
 * with Content-Disposition ('{sessionname}_results.csv' for CSV), so a plain link downloads it.
 */
export function exportUrl(id: string, format: ExportFormat): string {
  if (format === "pdf") return `${API_BASE}/sessions/${encodeURIComponent(id)}/report.pdf`;
  return `${API_BASE}/sessions/${encodeURIComponent(id)}/export.${format}`;
}
