import { Card } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";

export function StatsSkeleton() {
  return (
    <div className="grid grid-cols-2 gap-4 lg:grid-cols-4">
      {Array.from({ length: 4 }, (_, i) => (
        <Card key={i} className="gap-3 p-5">
          <Skeleton className="h-4 w-20" />
          <Skeleton className="h-7 w-24" />
        </Card>
      ))}
    </div>
  );
}

/** Placeholder of the whole Results screen while the session loads. */
export function ResultsSkeleton() {
  return (
    <div aria-busy="true" aria-label="Loading session results">
      <div className="mb-8 flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div className="space-y-2">
          <Skeleton className="h-8 w-72" />
          <Skeleton className="h-4 w-96 max-w-full" />
        </div>
        <div className="flex gap-2">
          <Skeleton className="h-9 w-40" />
          <Skeleton className="h-9 w-24" />
        </div>
      </div>
      <StatsSkeleton />
      <Skeleton className="mt-8 h-9 w-full" />
      <Card className="mt-4 gap-4 p-5">
        {Array.from({ length: 5 }, (_, i) => (
          <div key={i} className="flex gap-3">
            <Skeleton className="size-8 rounded-full" />
            <div className="flex-1 space-y-2">
              <Skeleton className="h-4 w-40" />
              <Skeleton className="h-4 w-full" />
            </div>
          </div>
        ))}
      </Card>
    </div>
  );
}
