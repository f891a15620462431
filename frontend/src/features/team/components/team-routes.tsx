import { Navigate, Route, Routes } from "react-router";
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
  const adminOnly = (page: ReactNode) =>
    isAdmin ? page : <Refused text="Only an admin can open this page." />;
  return (
    <Routes>
      <Route
        path="tokens"
        element={
          user ? (
            <ApiTokensPage />
          ) : (
            <Refused text="API tokens belong to an account: sign in with one." />
          )
        }
      />
      <Route path="users" element={adminOnly(<UsersPage />)} />
      <Route path="audit" element={adminOnly(<AuditLogPage />)} />
      <Route path="first-run" element={<FirstRunPage firstRun={firstRun} />} />
      <Route path="*" element={<Navigate to="tokens" replace />} />
    </Routes>
  );
}
