import { SearchXIcon } from "lucide-react";
import { Link } from "react-router";
import { buttonVariants } from "@/components/ui/button";

export function SessionNotFound() {
  return (
    <div className="flex flex-col items-center gap-4 rounded-xl border border-dashed bg-card px-6 py-20 text-center">
      <span className="flex size-12 items-center justify-center rounded-full bg-muted">
        <SearchXIcon className="size-6 text-muted-foreground" aria-hidden="true" />
      </span>
      <div className="space-y-1">
        <h1 className="text-xl font-semibold">Session not found</h1>
        <p className="text-muted-foreground">
          This session may have been deleted or doesn't exist.
        </p>
      </div>
      <Link to="/dashboard" className={buttonVariants()}>
        Return to Dashboard
      </Link>
    </div>
  );
}
