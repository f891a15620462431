import { useState, type FormEvent } from "react";
import { PageHeader } from "@/components/page-header";
import { QueryError } from "@/components/query-error";
import { CopyField } from "@/components/share/copy-field";
import { formatDateTime } from "@/components/share/format-date";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { errorMessage } from "@/lib/api-client";
import { useCreateToken, useRevokeToken, useTokens, type ApiToken } from "../api/tokens";

const EXPIRY_CHOICES = [
  { value: "30", label: "30 days" },
  { value: "90", label: "90 days" },
  { value: "366", label: "1 year" },
  { value: "never", label: "Never" },
] as const;

function state(token: ApiToken): string {
  if (token.revoked) return "Revoked";
  if (token.expiresAt && new Date(token.expiresAt) <= new Date()) return "Expired";
  return "Active";
}

/** The signed-in account's API tokens, for the CLI, MCP clients and scripts. */
export function ApiTokensPage() {
  const tokens = useTokens();
  const create = useCreateToken();
  const revoke = useRevokeToken();
  const [name, setName] = useState("");
  const [canWrite, setCanWrite] = useState(false);
  const [expiry, setExpiry] = useState<string>("90");

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    create.mutate(
      { name, canWrite, expiresInDays: expiry === "never" ? null : Number(expiry) },
      { onSuccess: () => setName("") },
    );
  }

  return (
    <>
      <PageHeader
        title="API tokens"
        description="For the command line, MCP clients and scripts: send one as Authorization: Bearer <token>."
      />
      <form
        onSubmit={onSubmit}
        className="mb-6 flex flex-wrap items-end gap-3 rounded-xl border p-4"
        aria-label="New API token"
      >
        <div className="flex min-w-[14rem] flex-1 flex-col gap-1">
          <label htmlFor="token-name" className="text-sm font-medium">
            Name
          </label>
          <Input
            id="token-name"
            value={name}
            maxLength={100}
            placeholder="e.g. laptop CLI"
            onChange={(e) => setName(e.target.value)}
          />
        </div>
        <div className="flex flex-col gap-1">
          <label htmlFor="token-expiry" className="text-sm font-medium">
            Expires after
          </label>
          <select
            id="token-expiry"
            className="h-9 rounded-md border border-input bg-background px-3 text-sm"
            value={expiry}
            onChange={(e) => setExpiry(e.target.value)}
          >
            {EXPIRY_CHOICES.map((c) => (
              <option key={c.value} value={c.value}>
                {c.label}
              </option>
            ))}
          </select>
        </div>
        <label className="flex h-9 items-center gap-2 text-sm">
          <input
            type="checkbox"
            checked={canWrite}
            onChange={(e) => setCanWrite(e.target.checked)}
          />
          Can write (MCP needs this)
        </label>
        <Button type="submit" disabled={create.isPending || !name.trim()}>
          {create.isPending ? "Creating..." : "Create token"}
        </Button>
      </form>
      {create.isError && (
        <p role="alert" className="mb-4 text-sm text-destructive">
          {errorMessage(create.error, "The token was not created")}
        </p>
      )}
      {create.data && (
        <div className="mb-6">
          <CopyField
            id="new-token"
            label={`Token “${create.data.name}”`}
            value={create.data.token}
          />
        </div>
      )}
      {tokens.isPending && (
        <p role="status" className="text-sm text-muted-foreground">
          Loading tokens...
        </p>
      )}
      {tokens.isError && (
        <QueryError
          title="Could not load your tokens"
          error={tokens.error}
          onRetry={() => void tokens.refetch()}
          retrying={tokens.isFetching}
        />
      )}
      {tokens.data?.length === 0 && (
        <p className="text-sm text-muted-foreground">You have no API tokens yet.</p>
      )}
      {tokens.data && tokens.data.length > 0 && (
        <div
          className="relative overflow-x-auto"
          tabIndex={0}
          role="region"
          aria-label="Your API tokens"
        >
          <table className="w-full text-left text-sm">
            <caption className="sr-only">Your API tokens</caption>
            <thead>
              <tr className="border-b">
                <th scope="col" className="p-2">
                  Name
                </th>
                <th scope="col" className="p-2">
                  Access
                </th>
                <th scope="col" className="p-2">
                  Created
                </th>
                <th scope="col" className="p-2">
                  Expires
                </th>
                <th scope="col" className="p-2">
                  Last used
                </th>
                <th scope="col" className="p-2">
                  State
                </th>
                <th scope="col" className="p-2">
                  <span className="sr-only">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {tokens.data.map((t) => (
                <tr key={t.id} className="border-b">
                  <td className="p-2">
                    {t.name}{" "}
                    <span className="font-mono text-xs text-muted-foreground">{t.prefix}…</span>
                  </td>
                  <td className="p-2">{t.canWrite ? "Read and write" : "Read only"}</td>
                  <td className="p-2">{formatDateTime(t.createdAt)}</td>
                  <td className="p-2">{formatDateTime(t.expiresAt)}</td>
                  <td className="p-2">{formatDateTime(t.lastUsedAt)}</td>
                  <td className="p-2">
                    <Badge variant={state(t) === "Active" ? "accent" : "secondary"}>
                      {state(t)}
                    </Badge>
                  </td>
                  <td className="p-2">
                    {state(t) === "Active" && (
                      <Button
                        type="button"
                        size="sm"
                        variant="outline"
                        disabled={revoke.isPending}
                        aria-label={`Revoke ${t.name}`}
                        onClick={() => revoke.mutate(t.id)}
                      >
                        Revoke
                      </Button>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {revoke.isError && (
        <p role="alert" className="mt-2 text-sm text-destructive">
          {errorMessage(revoke.error, "The token was not revoked")}
        </p>
      )}
    </>
  );
}
