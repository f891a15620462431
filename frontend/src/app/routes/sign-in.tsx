import { useState, type FormEvent } from "react";
import { useSearchParams } from "react-router";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { errorMessage } from "@/lib/api-client";
import { useMe } from "@/features/auth/api/get-me";
import { signIn, signInWithPassword } from "@/features/auth/api/sign-in";

/** Only same-site paths, so ?next= cannot send the user to another site. */
export function safeNext(next: string | null): string {
  return next && next.startsWith("/") && !next.startsWith("//") && !next.startsWith("/\\")
    ? next
    : "/dashboard";
}

/**
 * Shown when the API answered 401: an account's email and password once accounts exist
 * (docs/teams.md), else the server's access token (COLLOQUY_ACCESS_TOKEN).
 */
export function SignInPage() {
  const [params] = useSearchParams();
  const me = useMe();
  const accounts = me.data?.accounts ?? false;
  const [token, setToken] = useState("");
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      await (accounts ? signInWithPassword(email, password) : signIn(token));
      // A full load, so no screen keeps what it cached while signed out.
      window.location.assign(safeNext(params.get("next")));
    } catch (err) {
      setError(errorMessage(err, "Sign-in failed"));
      setBusy(false);
    }
  }

  const ready = accounts ? email.trim() !== "" && password !== "" : token.trim() !== "";
  const alert = error && (
    <p role="alert" className="text-sm text-destructive">
      {error}
    </p>
  );

  return (
    <div className="flex min-h-dvh items-center justify-center px-6">
      <Card className="w-full max-w-sm">
        <CardHeader>
          <CardTitle>Sign in to Colloquy</CardTitle>
          <CardDescription>
            {accounts ? "Sign in with your account." : "This server needs its access token."}
          </CardDescription>
        </CardHeader>
        <CardContent>
          {me.isPending ? (
            <p className="text-sm text-muted-foreground">Loading...</p>
          ) : (
            <form className="flex flex-col gap-3" onSubmit={onSubmit}>
              {accounts ? (
                <>
                  <Label htmlFor="email">Email</Label>
                  <Input
                    id="email"
                    type="email"
                    autoComplete="username"
                    value={email}
                    onChange={(e) => setEmail(e.target.value)}
                    aria-invalid={error ? true : undefined}
                  />
                  <Label htmlFor="password">Password</Label>
                  <Input
                    id="password"
                    type="password"
                    autoComplete="current-password"
                    value={password}
                    onChange={(e) => setPassword(e.target.value)}
                    aria-invalid={error ? true : undefined}
                  />
                </>
              ) : (
                <>
                  <Label htmlFor="access-token">Access token</Label>
                  <Input
                    id="access-token"
                    type="password"
                    autoComplete="current-password"
                    value={token}
                    onChange={(e) => setToken(e.target.value)}
                    aria-invalid={error ? true : undefined}
                  />
                </>
              )}
              {alert}
              <Button type="submit" disabled={busy || !ready}>
                {busy ? "Signing in..." : "Sign in"}
              </Button>
            </form>
          )}
        </CardContent>
      </Card>
    </div>
  );
}
