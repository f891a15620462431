import { BarChart3Icon, CopyIcon, Loader2Icon, Trash2Icon } from "lucide-react";
import { Link } from "react-router";
import { Badge } from "@/components/ui/badge";
import { Button, buttonVariants } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";
import { Tooltip, TooltipContent, TooltipTrigger } from "@/components/ui/tooltip";
import { paths } from "@/config/paths";
import { HealthBadge } from "@/components/health-badge";
import { formatUsd, usageLine, usageOf } from "@/components/usage/format";
import type { SessionSummary } from "@/lib/api-types";
import { formatDate } from "@/utils/dates";
import { STATUS_LABELS } from "../utils/dashboard";

export interface SessionsTableProps {
  sessions: readonly SessionSummary[];
  duplicatingId: string | null;
  onDuplicate: (session: SessionSummary) => void;
  onDelete: (session: SessionSummary) => void;
  /** Completed sessions picked for comparison; with `onToggleCompare` each gets a checkbox. */
  compareIds?: readonly string[];
  onToggleCompare?: (id: string) => void;
  /** No more sessions can be picked (the comparison holds at most 4). */
  compareFull?: boolean;
}

const HEAD =
  "px-4 py-3 text-left text-xs font-medium tracking-wide text-muted-foreground uppercase";
const CELL = "px-4 py-3 align-middle";

export function SessionsTable({
  sessions,
  duplicatingId,
  onDuplicate,
  onDelete,
  compareIds = [],
  onToggleCompare,
  compareFull = false,
}: SessionsTableProps) {
  return (
    // relative: the scroll box must contain the absolutely positioned screen-reader text in
    // its cells, which otherwise widens the whole page on a phone.
    <div className="relative overflow-x-auto">
      <table className="w-full min-w-[40rem] text-sm" aria-label="Sessions">
        <thead className="border-b bg-muted/40">
          <tr>
            <th scope="col" className={HEAD}>
              Session Name
            </th>
            <th scope="col" className={HEAD}>
              Date
            </th>
            <th scope="col" className={HEAD}>
              Participants
            </th>
            <th scope="col" className={HEAD}>
              Status
            </th>
            <th scope="col" className={`${HEAD} text-right`}>
              Cost
            </th>
            <th scope="col" className={`${HEAD} text-right`}>
              Actions
            </th>
          </tr>
        </thead>
        <tbody className="divide-y">
          {sessions.map((session) => (
            <tr
              key={session.id}
              className="transition-colors hover:bg-muted/30"
              data-testid="session-row"
            >
              <td className={`${CELL} max-w-xs`}>
                <div className="flex items-start gap-2">
                  {onToggleCompare && session.status === "completed" && (
                    <input
                      type="checkbox"
                      className="mt-1 size-4 shrink-0 accent-primary"
                      aria-label={`Compare ${session.name}`}
                      data-testid="compare-checkbox"
                      checked={compareIds.includes(session.id)}
                      disabled={compareFull && !compareIds.includes(session.id)}
                      onChange={() => onToggleCompare(session.id)}
                    />
                  )}
                  <div className="min-w-0 flex-1">
                    <Link
                      to={paths.session.getHref(session.id)}
                      className="block truncate font-medium hover:text-primary hover:underline"
                      title={session.name}
                    >
                      {session.name}
                    </Link>
                    {session.description && (
                      <p
                        className="truncate text-xs text-muted-foreground"
                        title={session.description}
                      >
                        {session.description}
                      </p>
                    )}
                    {session.model && (
                      <p
                        className="truncate text-xs text-muted-foreground"
                        data-testid="session-model"
                      >
                        Model: {session.model.provider ? `${session.model.provider} · ` : ""}
                        {session.model.name}
                      </p>
                    )}
                  </div>
                </div>
              </td>
              <td className={`${CELL} whitespace-nowrap text-muted-foreground`}>
                <time dateTime={session.createdAt}>
                  {formatDate(session.createdAt, "en-US", "")}
                </time>
              </td>
              <td className={`${CELL} tabular-nums`}>{session.participantCount}</td>
              <td className={CELL}>
                <Badge
                  variant={session.status === "completed" ? "default" : "secondary"}
                  data-testid="status-badge"
                >
                  {STATUS_LABELS[session.status] ?? session.status}
                </Badge>
                <HealthBadge overall={session.health} className="ml-1.5" />
                <Badge variant="outline" className="ml-1.5" data-testid="kind-badge">
                  {session.kind === "interview" ? "Interview" : "Focus group"}
                </Badge>
                {session.source === "human" && (
                  <Badge
                    variant="outline"
                    className="ml-1.5"
                    data-testid="human-badge"
                    title="A real focus group imported from a transcript"
                  >
                    Human group
                  </Badge>
                )}
              </td>
              <td
                className={`${CELL} text-right tabular-nums`}
                data-testid="session-cost"
                title={usageLine(usageOf(session))}
              >
                {formatUsd(usageOf(session).costUsd)}
              </td>
              <td className={CELL}>
                <div className="flex items-center justify-end gap-1">
                  {session.status === "completed" && (
                    <Link
                      to={paths.sessionResults.getHref(session.id)}
                      className={buttonVariants({ variant: "outline", size: "sm" })}
                    >
                      <BarChart3Icon aria-hidden="true" />
                      View Results
                    </Link>
                  )}
                  {/* A human group is a record of people, not a plan to run again. */}
                  {session.source !== "human" && (
                    <Tooltip>
                      <TooltipTrigger asChild>
                        <Button
                          variant="ghost"
                          size="icon-sm"
                          aria-label="Duplicate session"
                          disabled={duplicatingId !== null}
                          onClick={() => onDuplicate(session)}
                        >
                          {duplicatingId === session.id ? (
                            <Loader2Icon className="animate-spin" />
                          ) : (
                            <CopyIcon />
                          )}
                        </Button>
                      </TooltipTrigger>
                      <TooltipContent>Duplicate session</TooltipContent>
                    </Tooltip>
                  )}
                  <Tooltip>
                    <TooltipTrigger asChild>
                      <Button
                        variant="ghost"
                        size="icon-sm"
                        aria-label="Delete session"
                        className="text-muted-foreground hover:text-destructive"
                        onClick={() => onDelete(session)}
                      >
                        <Trash2Icon />
                      </Button>
                    </TooltipTrigger>
                    <TooltipContent>Delete session</TooltipContent>
                  </Tooltip>
                </div>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export function SessionsTableSkeleton() {
  return (
    <div className="divide-y" aria-busy="true" aria-label="Loading sessions">
      {[0, 1, 2, 3].map((i) => (
        <div key={i} className="flex items-center gap-6 px-4 py-4">
          <Skeleton className="h-4 flex-1" />
          <Skeleton className="h-4 w-24" />
          <Skeleton className="h-4 w-10" />
          <Skeleton className="h-5 w-20 rounded-full" />
          <Skeleton className="h-8 w-24" />
        </div>
      ))}
    </div>
  );
}
