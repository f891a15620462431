import { client, unwrap } from "@/lib/api-client";
import type { components } from "@/lib/api-schema";

/** GET/POST /api/auth/*: whether the server needs the access token and whether we hold it. */
export type AuthStatus = components["schemas"]["AuthStatusOut"];

/** Exchanges the access token for an HttpOnly cookie (the page never keeps the token). */
export function signIn(token: string): Promise<AuthStatus> {
  return unwrap(client.POST("/api/auth/sign-in", { body: { token } }));
}
