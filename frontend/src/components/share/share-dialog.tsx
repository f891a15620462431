import { useState, type FormEvent } from "react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from "@/components/ui/dialog";
import { errorMessage } from "@/lib/api-client";
import { CopyField } from "./copy-field";
import { formatDateTime } from "./format-date";
import {
  SHARE_DAY_CHOICES,
  SHARE_DAYS_DEFAULT,
  useCreateShareLink,
  useRevokeShareLink,
  useShareLinks,
  type ShareKind,
  type ShareLink,
} from "./share-links-api";

function linkState(link: ShareLink): { label: string; live: boolean } {
  if (link.revoked) return { label: "Revoked", live: false };
  if (link.expired) return { label: "Expired", live: false };
  return { label: "Active", live: true };
}

/** Make a read-only link to these results, copy it (shown once), see and revoke the links
 * made so far. Its own chunk, loaded when "Share" is first pressed. */
export default function ShareDialog({
  kind,
  id,
  name,
  open,
  onOpenChange,
}: {
  kind: ShareKind;
  id: string;
  name: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const links = useShareLinks(kind, id);
  const create = useCreateShareLink(kind, id);
  const revoke = useRevokeShareLink(kind, id);
  const [days, setDays] = useState<number>(SHARE_DAYS_DEFAULT);

  function onCreate(event: FormEvent) {
    event.preventDefault();
    create.mutate(days);
  }

  return (
    <Dialog
      open={open}
      onOpenChange={(value) => {
        onOpenChange(value);
        if (!value) create.reset();
      }}
    >
      <DialogContent className="max-h-[90vh] overflow-y-auto sm:max-w-xl">
        <DialogHeader>
          <DialogTitle>Share “{name}”</DialogTitle>
          <DialogDescription>
            Anyone with the link can read this {kind}&apos;s results and download its exports,
            without an account, until it expires or you revoke it. Nothing else in Colloquy is
            visible through it.
          </DialogDescription>
        </DialogHeader>
        <form className="flex flex-wrap items-end gap-3" onSubmit={onCreate}>
          <div className="flex flex-col gap-1">
            <label htmlFor="share-expiry" className="text-sm font-medium">
              Expires after
            </label>
            <select
              id="share-expiry"
              className="h-9 rounded-md border border-input bg-background px-3 text-sm"
              value={days}
              onChange={(e) => setDays(Number(e.target.value))}
            >
              {SHARE_DAY_CHOICES.map((d) => (
                <option key={d} value={d}>
                  {d === 1 ? "1 day" : `${d} days`}
                </option>
              ))}
            </select>
          </div>
          <Button type="submit" disabled={create.isPending}>
            {create.isPending ? "Creating..." : "Create link"}
          </Button>
        </form>
        {create.isError && (
          <p role="alert" className="text-sm text-destructive">
            {errorMessage(create.error, "The link was not created")}
          </p>
        )}
        {create.data && <CopyField id="share-url" label="Share link" value={create.data.url} />}
        <section aria-labelledby="share-links-heading" className="flex flex-col gap-2">
          <h3 id="share-links-heading" className="text-sm font-semibold">
            Links to this {kind}
          </h3>
          {links.isPending && (
            <p role="status" className="text-sm text-muted-foreground">
              Loading links...
            </p>
          )}
          {links.isError && (
            <p role="alert" className="text-sm text-destructive">
              {errorMessage(links.error, "Could not load the links")}{" "}
              <Button
                type="button"
                size="sm"
                variant="outline"
                onClick={() => void links.refetch()}
              >
                Retry
              </Button>
            </p>
          )}
          {links.data?.length === 0 && (
            <p className="text-sm text-muted-foreground">No links yet.</p>
          )}
          {links.data && links.data.length > 0 && (
            <ul className="flex flex-col divide-y rounded-md border" aria-label="Share links">
              {links.data.map((link) => {
                const state = linkState(link);
                return (
                  <li key={link.id} className="flex flex-wrap items-center gap-2 p-2 text-sm">
                    <Badge variant={state.live ? "accent" : "secondary"}>{state.label}</Badge>
                    <span className="min-w-0 flex-1">
                      by <span className="font-medium">{link.createdBy}</span> on{" "}
                      {formatDateTime(link.createdAt)}
                      <span className="block text-xs text-muted-foreground">
                        {link.expired ? "Expired" : "Expires"} {formatDateTime(link.expiresAt)}
                      </span>
                    </span>
                    {state.live && (
                      <Button
                        type="button"
                        size="sm"
                        variant="outline"
                        disabled={revoke.isPending}
                        aria-label={`Revoke the link made by ${link.createdBy} on ${formatDateTime(link.createdAt)}`}
                        onClick={() => revoke.mutate(link.id)}
                      >
                        Revoke
                      </Button>
                    )}
                  </li>
                );
              })}
            </ul>
          )}
          {revoke.isError && (
            <p role="alert" className="text-sm text-destructive">
              {errorMessage(revoke.error, "The link was not revoked")}
            </p>
          )}
        </section>
      </DialogContent>
    </Dialog>
  );
}
