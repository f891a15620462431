import { EyeIcon } from "lucide-react";
import { ApiError, errorMessage } from "@/lib/api-client";
import { useShareInfo } from "../api/shared-api";
import { SharedSession } from "./shared-session";
import { SharedSurvey } from "./shared-survey";

function Banner({ expiresAt }: { expiresAt?: string }) {
  return (
    <div
      role="note"
      className="flex flex-wrap items-center gap-2 border-b bg-muted/60 px-4 py-3 text-sm"
    >
      <EyeIcon className="size-4" aria-hidden="true" />
      <strong>Shared read-only view</strong>
      <span className="text-muted-foreground">
        of results from Colloquy
        {expiresAt &&
          `; this link works until ${new Date(expiresAt).toLocaleDateString("en-GB", {
            day: "numeric",
            month: "short",
            year: "numeric",
          })}`}
        .
      </span>
    </div>
  );
}

/** /share/:token: what a share link opens, without the app's navigation. */
export function SharedPage({ token }: { token: string }) {
  const info = useShareInfo(token);
  return (
    <div className="min-h-screen bg-background">
      <Banner expiresAt={info.data?.expiresAt} />
      <main className="mx-auto w-full max-w-4xl p-4 sm:p-8">
        {info.isPending && (
          <p role="status" className="text-sm text-muted-foreground">
            Opening the shared results...
          </p>
        )}
        {info.isError && (
          <div role="alert" className="rounded-xl border p-6">
            <h1 className="text-xl font-semibold">
              {info.error instanceof ApiError && info.error.status === 404
                ? "This link does not work"
                : "Could not open the link"}
            </h1>
            <p className="text-sm text-muted-foreground">
              {errorMessage(info.error, "The shared results could not be loaded")}. Ask the person
              who sent it for a new one.
            </p>
          </div>
        )}
        {info.data?.kind === "session" && <SharedSession token={token} id={info.data.resourceId} />}
        {info.data?.kind === "survey" && <SharedSurvey token={token} id={info.data.resourceId} />}
      </main>
    </div>
  );
}
