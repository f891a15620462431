import { useQueryClient } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { PageHeader } from "@/components/page-header";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { errorMessage } from "@/lib/api-client";
import { useCreateFirstAdmin } from "../api/first-admin";

/** First run: create the first admin account. The server accepts it only while no account
 * exists and only from this machine (not through a proxy); from then on everyone signs in. */
export function FirstRunPage({ firstRun }: { firstRun: boolean }) {
  const create = useCreateFirstAdmin();
  const queries = useQueryClient();
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [again, setAgain] = useState("");
  const mismatch = again.length > 0 && again !== password;

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (mismatch) return;
    create.mutate(
      { email, password },
      { onSuccess: () => void queries.invalidateQueries({ queryKey: ["auth", "me"] }) },
    );
  }

  if (create.isSuccess)
    return (
      <>
        <PageHeader title="Team accounts are on" />
        <p role="status" className="max-w-prose text-sm">
          {email} is the first admin and is signed in. From now on everyone signs in, on this
          machine too. Add people under Users.
        </p>
      </>
    );
  if (!firstRun)
    return (
      <>
        <PageHeader title="Set up team accounts" />
        <p className="max-w-prose text-sm text-muted-foreground">
          The first admin is created only on the server itself, while no account exists. Open
          Colloquy on that machine (http://127.0.0.1), or run{" "}
          <code>colloquy users create --admin EMAIL</code> there.
        </p>
      </>
    );
  return (
    <>
      <PageHeader
        title="Set up team accounts"
        description="Create the first admin. Afterwards everyone signs in, on this machine too."
      />
      <form onSubmit={onSubmit} className="flex max-w-md flex-col gap-3" aria-label="First admin">
        <label htmlFor="first-email" className="text-sm font-medium">
          Email
        </label>
        <Input
          id="first-email"
          type="email"
          autoComplete="username"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
        />
        <label htmlFor="first-password" className="text-sm font-medium">
          Password (12 characters or more)
        </label>
        <Input
          id="first-password"
          type="password"
          autoComplete="new-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
        <label htmlFor="first-again" className="text-sm font-medium">
          Password again
        </label>
        <Input
          id="first-again"
          type="password"
          autoComplete="new-password"
          aria-invalid={mismatch}
          aria-describedby={mismatch ? "first-mismatch" : undefined}
          value={again}
          onChange={(e) => setAgain(e.target.value)}
        />
        {mismatch && (
          <p id="first-mismatch" className="text-sm text-destructive">
            The two passwords differ.
          </p>
        )}
        {create.isError && (
          <p role="alert" className="text-sm text-destructive">
            {errorMessage(create.error, "The admin was not created")}
          </p>
        )}
        <Button
          type="submit"
          disabled={create.isPending || !email || !password || again !== password}
        >
          {create.isPending ? "Creating..." : "Create admin"}
        </Button>
      </form>
    </>
  );
}
