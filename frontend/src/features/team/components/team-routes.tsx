import { Navigate, useParams } from "react-router";
import { QueryError } from "@/components/query-error";
import type { ReactNode } from "react";
import { useAccount } from "../api/me";
import { ApiTokensPage } from "./api-tokens-page";
import { AuditLogPage } from "./audit-log-page";
import { FirstRunPage } from "./first-run-page";
import { UsersPage } from "./users-page";

function Refused({ text }: { text: string }) {
  return (
    <p role="alert" className="max-w-prose rounded-xl border p-6 text-sm">
      {text}
    </p>
  );
}

/** /team/...: the account and admin screens, one lazy chunk (docs/teams.md#screens). */
export function TeamRoutes() {
  // The page by hand, not with <Routes>: that component would join the router's code in
  // the first screen's chunk (docs/performance.md#a-light-first-screen).
  const { "*": page = "" } = useParams();
  const me = useAccount();
  if (me.isPending)
    return (
      <p role="status" className="p-8 text-sm text-muted-foreground">
        Loading...
      </p>
    );
  if (me.isError)
    return (
      <QueryError
        title="Could not load your account"
        error={me.error}
        onRetry={() => void me.refetch()}
        retrying={me.isFetching}
      />
    );
  const { user, isAdmin, firstRun } = me.data;
  const adminOnly = (screen: ReactNode) =>
    isAdmin ? screen : <Refused text="Only an admin can open this page." />;
  switch (page) {
    case "tokens":
      return user ? (
        <ApiTokensPage />
      ) : (
        <Refused text="API tokens belong to an account: sign in with one." />
      );
    case "users":
      return adminOnly(<UsersPage />);
    case "audit":
      return adminOnly(<AuditLogPage />);
    case "first-run":
      return <FirstRunPage firstRun={firstRun} />;
    default:
      return <Navigate to="/team/tokens" replace />;
  }
}
