import { useParams } from "react-router";
import { QueryError } from "@/components/query-error";
import { ApiError } from "@/lib/api-client";
import { useSession } from "@/features/results/api/get-session";
import { ResultsSkeleton } from "@/features/results/components/results-skeleton";
import { SessionNotFound } from "@/features/results/components/session-not-found";
import { SessionResults } from "@/features/results/components/session-results";

/** Results (product-rules §2 /session/{id}/results). */
export function SessionResultsPage() {
  const { id = "" } = useParams();
  const session = useSession(id);

  if (session.isPending) return <ResultsSkeleton />;
  if (session.isError) {
    if (session.error instanceof ApiError && session.error.status === 404)
      return <SessionNotFound />;
    return (
      <QueryError
        title="Could not load the session"
        error={session.error}
        onRetry={() => void session.refetch()}
        retrying={session.isFetching}
      />
    );
  }
  return <SessionResults session={session.data} />;
}
