import { PlayCircleIcon, PlusIcon } from "lucide-react";
import { Link } from "react-router";
import { PageHeader } from "@/components/page-header";
import { buttonVariants } from "@/components/ui/button";

/** Sessions dashboard (SPEC §2). Summary cards and the sessions table arrive with the sessions API. */
export function DashboardPage() {
  return (
    <>
      <PageHeader
        title="AI Focus Groups"
        description="AI-Powered Consumer Research"
        actions={
          <div className="flex flex-col items-start gap-1 sm:items-end">
            <div className="flex gap-2">
              <Link to="/demo-session" className={buttonVariants({ variant: "outline" })}>
                <PlayCircleIcon aria-hidden="true" />
                Try Demo Session
              </Link>
              <Link to="/create-session" className={buttonVariants()}>
                <PlusIcon aria-hidden="true" />
                Create New Session
              </Link>
            </div>
            <span className="text-xs text-muted-foreground">See a complete focus group in action</span>
          </div>
        }
      />
    </>
  );
}
