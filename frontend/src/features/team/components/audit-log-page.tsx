import { DownloadIcon } from "lucide-react";
import { useState, type FormEvent, type ReactNode } from "react";
import { PageHeader } from "@/components/page-header";
import { QueryError } from "@/components/query-error";
import { formatDateTime } from "@/components/share/format-date";
import { Button, buttonVariants } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { auditExportUrl, NO_FILTERS, useAuditLog, type AuditFilters } from "../api/audit";

function Field({
  id,
  label,
  children,
}: {
  id: string;
  label: string;
  children: (id: string) => ReactNode;
}) {
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      {children(id)}
    </div>
  );
}

/** Admins: who did what, newest first, filtered, a page at a time, exported as CSV or JSON. */
export function AuditLogPage() {
  const [draft, setDraft] = useState<AuditFilters>(NO_FILTERS);
  const [filters, setFilters] = useState<AuditFilters>(NO_FILTERS);
  const log = useAuditLog(filters);
  const set = (key: keyof AuditFilters) => (value: string) =>
    setDraft((prev) => ({ ...prev, [key]: value }));

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    setFilters(draft);
  }

  const events = log.data?.pages.flatMap((page) => page.items) ?? [];
  return (
    <>
      <PageHeader
        title="Audit log"
        description="Every write, export, sign-in, share-link view and MCP tool call, newest first."
        actions={
          <>
            <a
              className={buttonVariants({ variant: "outline" })}
              href={auditExportUrl("csv", filters)}
              download
            >
              <DownloadIcon aria-hidden="true" /> CSV
            </a>
            <a
              className={buttonVariants({ variant: "outline" })}
              href={auditExportUrl("json", filters)}
              download
            >
              <DownloadIcon aria-hidden="true" /> JSON
            </a>
          </>
        }
      />
      <form
        onSubmit={onSubmit}
        aria-label="Filter the audit log"
        className="mb-6 grid gap-3 rounded-xl border p-4 sm:grid-cols-2 lg:grid-cols-3"
      >
        <Field id="audit-actor" label="Actor (email)">
          {(id) => (
            <Input id={id} value={draft.actor} onChange={(e) => set("actor")(e.target.value)} />
          )}
        </Field>
        <Field id="audit-action" label="Action">
          {(id) => (
            <Input
              id={id}
              value={draft.action}
              placeholder="e.g. create"
              onChange={(e) => set("action")(e.target.value)}
            />
          )}
        </Field>
        <Field id="audit-since" label="Since">
          {(id) => (
            <Input
              id={id}
              type="datetime-local"
              value={draft.since}
              onChange={(e) => set("since")(e.target.value)}
            />
          )}
        </Field>
        <Field id="audit-until" label="Until">
          {(id) => (
            <Input
              id={id}
              type="datetime-local"
              value={draft.until}
              onChange={(e) => set("until")(e.target.value)}
            />
          )}
        </Field>
        <Field id="audit-failed" label="Outcome">
          {(id) => (
            <select
              id={id}
              className="h-9 rounded-md border border-input bg-background px-3 text-sm"
              value={draft.failed}
              onChange={(e) => set("failed")(e.target.value)}
            >
              <option value="">All</option>
              <option value="true">Failed only</option>
              <option value="false">Succeeded only</option>
            </select>
          )}
        </Field>
        <div className="flex items-end gap-2">
          <Button type="submit">Apply</Button>
          <Button
            type="button"
            variant="ghost"
            onClick={() => {
              setDraft(NO_FILTERS);
              setFilters(NO_FILTERS);
            }}
          >
            Clear
          </Button>
        </div>
      </form>
      {log.isPending && (
        <p role="status" className="text-sm text-muted-foreground">
          Loading the audit log...
        </p>
      )}
      {log.isError && (
        <QueryError
          title="Could not load the audit log"
          error={log.error}
          onRetry={() => void log.refetch()}
          retrying={log.isFetching}
        />
      )}
      {log.isSuccess && events.length === 0 && (
        <p className="text-sm text-muted-foreground">No events match these filters.</p>
      )}
      {events.length > 0 && (
        <div
          className="relative overflow-x-auto"
          tabIndex={0}
          role="region"
          aria-label="Audit events"
        >
          <table className="w-full text-left text-sm">
            <caption className="sr-only">Audit events, newest first</caption>
            <thead>
              <tr className="border-b">
                <th scope="col" className="p-2">
                  When
                </th>
                <th scope="col" className="p-2">
                  Actor
                </th>
                <th scope="col" className="p-2">
                  Action
                </th>
                <th scope="col" className="p-2">
                  Route
                </th>
                <th scope="col" className="p-2">
                  Resource
                </th>
                <th scope="col" className="p-2 text-right">
                  Status
                </th>
                <th scope="col" className="p-2">
                  Address
                </th>
              </tr>
            </thead>
            <tbody>
              {events.map((e) => (
                <tr key={e.id} className="border-b align-top">
                  <td className="whitespace-nowrap p-2">{formatDateTime(e.at)}</td>
                  <td className="p-2">{e.actor}</td>
                  <td className="whitespace-nowrap p-2 font-medium">{e.action}</td>
                  <td className="p-2 font-mono text-xs">
                    {e.method} {e.route}
                  </td>
                  <td
                    className="max-w-[10rem] truncate p-2 font-mono text-xs"
                    title={e.resourceId ?? ""}
                  >
                    {e.resourceId ?? ""}
                  </td>
                  <td
                    className={
                      e.status >= 400 ? "p-2 text-right text-destructive" : "p-2 text-right"
                    }
                  >
                    {e.status}
                  </td>
                  <td className="p-2 text-xs">{e.address ?? ""}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {log.hasNextPage && (
        <Button
          type="button"
          variant="outline"
          className="mt-4"
          disabled={log.isFetchingNextPage}
          onClick={() => void log.fetchNextPage()}
        >
          {log.isFetchingNextPage ? "Loading..." : "Older events"}
        </Button>
      )}
    </>
  );
}
