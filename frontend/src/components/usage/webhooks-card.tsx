import { Loader2Icon, WebhookIcon } from "lucide-react";
import { useEffect, useState } from "react";
import { toast } from "sonner";
import { QueryError } from "@/components/query-error";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Skeleton } from "@/components/ui/skeleton";
import { errorMessage } from "@/lib/api-client";
import {
  useFailedDeliveries,
  useSaveWebhook,
  useWebhookSettings,
} from "@/components/usage/queries";

/** Settings: the default webhook, its signing secret and the failed deliveries. */
export function WebhooksCard() {
  const settings = useWebhookSettings();
  const failed = useFailedDeliveries();
  const save = useSaveWebhook();
  const [url, setUrl] = useState("");
  const [secret, setSecret] = useState("");
  useEffect(() => setUrl(settings.data?.url ?? ""), [settings.data?.url]);
  return (
    <Card data-testid="webhooks-card">
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <WebhookIcon className="size-4 text-primary" aria-hidden="true" />
          Webhooks
        </CardTitle>
        <CardDescription>
          A POST when a session or survey completes or fails, signed with HMAC-SHA256 in the{" "}
          <code>{settings.data?.header ?? "X-Colloquy-Signature"}</code> header and retried with
          backoff. A run may name its own URL.
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        {settings.isPending ? (
          <Skeleton className="h-24 w-full" />
        ) : settings.isError ? (
          <QueryError
            title="Could not load the webhook"
            error={settings.error}
            onRetry={() => void settings.refetch()}
          />
        ) : (
          <form
            className="grid gap-3 sm:grid-cols-[1fr_1fr_auto] sm:items-end"
            onSubmit={(e) => {
              e.preventDefault();
              save.mutate(
                { url: url.trim() || null, secret: secret ? secret : null },
                {
                  onSuccess: () => {
                    setSecret("");
                    toast.success("Webhook saved");
                  },
                  onError: (err) => toast.error(errorMessage(err, "Could not save the webhook")),
                },
              );
            }}
          >
            <div className="space-y-1.5">
              <Label htmlFor="webhook-url">Default URL</Label>
              <Input
                id="webhook-url"
                type="url"
                placeholder="https://example.com/hook"
                value={url}
                onChange={(e) => setUrl(e.target.value)}
              />
            </div>
            <div className="space-y-1.5">
              <Label htmlFor="webhook-secret">Secret</Label>
              <Input
                id="webhook-secret"
                type="password"
                autoComplete="off"
                placeholder={
                  settings.data.hasSecret
                    ? "Saved (leave empty to keep)"
                    : "Required to sign deliveries"
                }
                value={secret}
                onChange={(e) => setSecret(e.target.value)}
              />
            </div>
            <Button type="submit" disabled={save.isPending}>
              {save.isPending && <Loader2Icon className="animate-spin" aria-hidden="true" />}
              Save webhook
            </Button>
          </form>
        )}
        <div>
          <h3 className="text-sm font-medium">Failed deliveries</h3>
          {failed.isError ? (
            <p className="text-sm text-destructive">Could not load the deliveries.</p>
          ) : !failed.data?.length ? (
            <p className="text-sm text-muted-foreground" data-testid="webhook-failures-empty">
              None.
            </p>
          ) : (
            <ul className="mt-2 space-y-1 text-sm" data-testid="webhook-failures">
              {failed.data.map((d) => (
                <li key={d.id} className="break-all">
                  <span className="font-medium">{d.event}</span> {d.targetId} → {d.url}:{" "}
                  {d.lastError ?? "failed"} after {d.attempts}{" "}
                  {d.attempts === 1 ? "attempt" : "attempts"}
                </li>
              ))}
            </ul>
          )}
        </div>
      </CardContent>
    </Card>
  );
}
