import { client, unwrap } from "@/lib/api-client";
import type { components } from "@/lib/api-schema";

/** GET/POST /api/auth/*: whether the server needs sign-in and whether this browser is in. */
export type AuthStatus = components["schemas"]["AuthStatusOut"];

/** Exchanges the access token for an HttpOnly cookie (the page never keeps the token). */
export function signIn(token: string): Promise<AuthStatus> {
  return unwrap(client.POST("/api/auth/sign-in", { body: { token } }));
}

/** Signs in to an account: the server sets the session and CSRF cookies. */
export function signInWithPassword(email: string, password: string): Promise<AuthStatus> {
  return unwrap(client.POST("/api/auth/sign-in", { body: { email, password } }));
}

/** Ends this browser's session. */
export function signOut(): Promise<AuthStatus> {
  return unwrap(client.POST("/api/auth/sign-out"));
}
