import {
  DownloadIcon,
  FileJsonIcon,
  FileSpreadsheetIcon,
  FileTextIcon,
  FileTypeIcon,
} from "lucide-react";
import { buttonVariants } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import type { SessionHeader } from "@/lib/api-types";
import { cn } from "@/utils/cn";
import { EXPORT_OPTIONS, type ExportFormat, exportUrl } from "../api/export-session";

const ICONS: Record<ExportFormat, typeof FileTextIcon> = {
  csv: FileSpreadsheetIcon,
  json: FileJsonIcon,
  md: FileTextIcon,
  pdf: FileTypeIcon,
};

/** product-rules §2 Export tab: 'Download CSV Report', plus JSON, Markdown and the PDF report. */
export function ExportTab({ session }: { session: SessionHeader }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Export Results</CardTitle>
        <CardDescription>
          Download this session's transcript{session.insights ? ", AI insights" : ""} and details.
          Every file says that its participants are simulated by an AI model.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <ul className="divide-y rounded-lg border">
          {EXPORT_OPTIONS.map((option, i) => {
            const Icon = ICONS[option.format];
            return (
              <li
                key={option.format}
                className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center"
              >
                <span className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-accent">
                  <Icon className="size-5 text-accent-foreground" aria-hidden="true" />
                </span>
                <div className="flex-1">
                  <p className="font-medium">{option.label}</p>
                  <p className="text-sm text-muted-foreground">{option.description}</p>
                </div>
                <a
                  href={exportUrl(session.id, option.format)}
                  download
                  className={cn(
                    buttonVariants({ variant: i === 0 ? "default" : "outline" }),
                    "sm:w-52",
                  )}
                >
                  <DownloadIcon aria-hidden="true" />
                  {option.action}
                </a>
              </li>
            );
          })}
        </ul>
      </CardContent>
    </Card>
  );
}
