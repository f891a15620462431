import { api } from "@/lib/api-client";

/** GET/POST /api/auth/*: whether the server needs the access token and whether we hold it. */
export interface AuthStatus {
  required: boolean;
  signedIn: boolean;
}

/** Exchanges the access token for an HttpOnly cookie (the page never keeps the token). */
export function signIn(token: string): Promise<AuthStatus> {
  return api.post<AuthStatus>("/auth/sign-in", { token });
}
