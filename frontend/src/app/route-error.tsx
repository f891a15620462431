import { isRouteErrorResponse, Link, useRouteError } from "react-router";
import { buttonVariants } from "@/components/ui/button";
import { NotFoundPage } from "./not-found";
import { paths } from "@/config/paths";

export function routeErrorMessage(error: unknown): string {
  if (isRouteErrorResponse(error)) {
    const detail = typeof error.data === "string" ? error.data : error.data?.message;
    return detail
      ? `${error.status} ${error.statusText}: ${detail}`
      : `${error.status} ${error.statusText}`;
  }
  if (error instanceof Error) return error.message;
  if (typeof error === "string") return error;
  return "Unknown error";
}

/** Router errorElement: errors thrown while loading or rendering a route. */
export function RouteError() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />;
  return (
    <div
      role="alert"
      className="flex min-h-dvh flex-col items-center justify-center gap-4 px-6 text-center"
    >
      <h1 className="text-2xl font-semibold">Unexpected Application Error!</h1>
      <pre className="max-w-2xl overflow-auto rounded-md bg-muted px-4 py-3 text-left text-sm whitespace-pre-wrap text-destructive">
        {routeErrorMessage(error)}
      </pre>
      <Link to={paths.home.getHref()} className={buttonVariants({ variant: "outline" })}>
        Return to Home
      </Link>
    </div>
  );
}
