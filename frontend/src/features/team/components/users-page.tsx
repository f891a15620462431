import { useState, type FormEvent } from "react";
import { PageHeader } from "@/components/page-header";
import { QueryError } from "@/components/query-error";
import { formatDateTime } from "@/components/share/format-date";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { errorMessage } from "@/lib/api-client";
import { useCreateUser, useResetPassword, useUpdateUser, useUsers, type User } from "../api/users";

function NewUserForm() {
  const create = useCreateUser();
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [isAdmin, setIsAdmin] = useState(false);

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    create.mutate(
      { email, password, isAdmin },
      {
        onSuccess: () => {
          setEmail("");
          setPassword("");
          setIsAdmin(false);
        },
      },
    );
  }

  return (
    <form
      onSubmit={onSubmit}
      aria-label="New user"
      className="mb-6 flex flex-wrap items-end gap-3 rounded-xl border p-4"
    >
      <div className="flex min-w-[14rem] flex-1 flex-col gap-1">
        <label htmlFor="new-user-email" className="text-sm font-medium">
          Email
        </label>
        <Input
          id="new-user-email"
          type="email"
          autoComplete="off"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
        />
      </div>
      <div className="flex min-w-[14rem] flex-1 flex-col gap-1">
        <label htmlFor="new-user-password" className="text-sm font-medium">
          Password (12 characters or more)
        </label>
        <Input
          id="new-user-password"
          type="password"
          autoComplete="new-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
      </div>
      <label className="flex h-9 items-center gap-2 text-sm">
        <input type="checkbox" checked={isAdmin} onChange={(e) => setIsAdmin(e.target.checked)} />
        Admin
      </label>
      <Button type="submit" disabled={create.isPending || !email || !password}>
        {create.isPending ? "Creating..." : "Create user"}
      </Button>
      {create.isError && (
        <p role="alert" className="w-full text-sm text-destructive">
          {errorMessage(create.error, "The user was not created")}
        </p>
      )}
      {create.isSuccess && (
        <p role="status" className="w-full text-sm">
          Created {create.data.email}.
        </p>
      )}
    </form>
  );
}

function ResetPassword({ user }: { user: User }) {
  const reset = useResetPassword();
  const [open, setOpen] = useState(false);
  const [password, setPassword] = useState("");
  const field = `reset-${user.id}`;
  if (!open)
    return (
      <Button type="button" size="sm" variant="outline" onClick={() => setOpen(true)}>
        Reset password<span className="sr-only">: {user.email}</span>
      </Button>
    );
  return (
    <form
      className="flex flex-wrap items-center gap-2"
      onSubmit={(e) => {
        e.preventDefault();
        reset.mutate(
          { id: user.id, password },
          {
            onSuccess: () => {
              setPassword("");
              setOpen(false);
            },
          },
        );
      }}
    >
      <label htmlFor={field} className="sr-only">
        New password for {user.email}
      </label>
      <Input
        id={field}
        type="password"
        autoComplete="new-password"
        className="h-8 w-44"
        placeholder="New password"
        value={password}
        onChange={(e) => setPassword(e.target.value)}
      />
      <Button type="submit" size="sm" disabled={reset.isPending || !password}>
        Set
      </Button>
      <Button type="button" size="sm" variant="ghost" onClick={() => setOpen(false)}>
        Cancel
      </Button>
      {reset.isError && (
        <p role="alert" className="w-full text-xs text-destructive">
          {errorMessage(reset.error, "The password was not reset")}
        </p>
      )}
    </form>
  );
}

/** Admins: every account, created here, disabled or enabled, made admin, password reset. */
export function UsersPage() {
  const users = useUsers();
  const update = useUpdateUser();
  return (
    <>
      <PageHeader
        title="Users"
        description="Accounts on this server. Disabling a user ends their sessions and stops their API tokens at once."
      />
      <NewUserForm />
      {users.isPending && (
        <p role="status" className="text-sm text-muted-foreground">
          Loading users...
        </p>
      )}
      {users.isError && (
        <QueryError
          title="Could not load the users"
          error={users.error}
          onRetry={() => void users.refetch()}
          retrying={users.isFetching}
        />
      )}
      {users.data?.length === 0 && <p className="text-sm text-muted-foreground">No users yet.</p>}
      {update.isError && (
        <p role="alert" className="mb-2 text-sm text-destructive">
          {errorMessage(update.error, "The user was not changed")}
        </p>
      )}
      {users.data && users.data.length > 0 && (
        <ul className="flex flex-col divide-y rounded-xl border" aria-label="Users">
          {users.data.map((u) => (
            <li key={u.id} className="flex flex-wrap items-center gap-2 p-3 text-sm">
              <span className="min-w-[12rem] flex-1">
                <span className="font-medium">{u.email}</span>
                <span className="block text-xs text-muted-foreground">
                  since {formatDateTime(u.createdAt)}
                </span>
              </span>
              {u.isAdmin && <Badge variant="accent">Admin</Badge>}
              {u.disabled && <Badge variant="secondary">Disabled</Badge>}
              <Button
                type="button"
                size="sm"
                variant="outline"
                disabled={update.isPending}
                onClick={() => update.mutate({ id: u.id, change: { disabled: !u.disabled } })}
              >
                {u.disabled ? "Enable" : "Disable"} <span className="sr-only">{u.email}</span>
              </Button>
              <Button
                type="button"
                size="sm"
                variant="outline"
                disabled={update.isPending}
                onClick={() => update.mutate({ id: u.id, change: { isAdmin: !u.isAdmin } })}
              >
                {u.isAdmin ? "Remove admin" : "Make admin"}
                <span className="sr-only">: {u.email}</span>
              </Button>
              <ResetPassword user={u} />
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
