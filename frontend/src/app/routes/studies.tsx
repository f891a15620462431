import { BookOpenIcon, PlusIcon } from "lucide-react";
import { Link } from "react-router";
import { paths } from "@/config/paths";
import { LoadMore } from "@/components/load-more";
import { PageHeader } from "@/components/page-header";
import { QueryError } from "@/components/query-error";
import { Badge } from "@/components/ui/badge";
import { buttonVariants } from "@/components/ui/button";
import { Card, CardContent } from "@/components/ui/card";
import { useStudyPages } from "@/features/studies/api/studies";

/** /studies: every study (one interview guide x many personas), newest first, paged. */
export function StudiesPage() {
  const pages = useStudyPages();
  const items = pages.data?.pages.flatMap((p) => p.items) ?? [];
  const total = pages.data?.pages[0]?.total ?? 0;
  return (
    <>
      <PageHeader
        title="Studies"
        description="One interview guide run with many personas, each interviewed on their own, then the themes across all of them."
        actions={
          <Link to={paths.newStudy.getHref()} className={buttonVariants({ variant: "default" })}>
            <PlusIcon aria-hidden="true" />
            New study
          </Link>
        }
      />
      {pages.isPending ? (
        <div
          className="h-40 animate-pulse rounded-xl bg-muted"
          aria-busy="true"
          aria-label="Loading studies"
        />
      ) : pages.isError ? (
        <QueryError
          title="Could not load studies"
          error={pages.error}
          onRetry={() => void pages.refetch()}
          retrying={pages.isFetching}
        />
      ) : items.length === 0 ? (
        <Card>
          <CardContent className="flex flex-col items-center gap-3 py-12 text-center">
            <BookOpenIcon className="size-10 text-muted-foreground" aria-hidden="true" />
            <h2 className="text-lg font-semibold">No studies yet</h2>
            <p className="max-w-md text-sm text-muted-foreground">
              Interview up to 50 personas with one guide, in parallel, and get the themes across
              them with the verbatim quotes behind each.
            </p>
            <Link to={paths.newStudy.getHref()} className={buttonVariants({ variant: "default" })}>
              Create your first study
            </Link>
          </CardContent>
        </Card>
      ) : (
        <div className="flex flex-col gap-3">
          <ul className="flex flex-col gap-3" aria-label="Studies">
            {items.map((s) => (
              <li key={s.id}>
                <Card className="flex flex-row flex-wrap items-center justify-between gap-3 p-4">
                  <div className="min-w-0">
                    <Link
                      to={paths.study.getHref(s.id)}
                      className="font-semibold text-primary underline-offset-4 hover:underline"
                    >
                      {s.name}
                    </Link>
                    <p className="text-sm text-muted-foreground">
                      {s.interviewsDone} of {s.interviewCount} interviews completed ·{" "}
                      {s.questionCount} topics · {s.interviewer === "ai" ? "AI" : "scripted"}{" "}
                      interviewer
                    </p>
                  </div>
                  <Badge variant={s.status === "failed" ? "destructive" : "secondary"}>
                    {s.status}
                  </Badge>
                </Card>
              </li>
            ))}
          </ul>
          <LoadMore
            shown={items.length}
            total={total}
            noun="studies"
            hasMore={pages.hasNextPage}
            loading={pages.isFetchingNextPage}
            onMore={() => void pages.fetchNextPage()}
          />
        </div>
      )}
    </>
  );
}
