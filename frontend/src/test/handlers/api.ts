import { http, type HttpResponseResolver } from "msw";
import type { paths } from "@/lib/api-schema";

type Method = "get" | "post" | "put" | "patch" | "delete";

/** The API paths that answer `method`, as the generated schema spells them. */
type PathsWith<M extends Method> = {
  [P in keyof paths]: paths[P][M] extends undefined ? never : P;
}[keyof paths];

/** "{session_id}" segments as the handler's params: `{ session_id: string }`. */
type ParamsOf<P extends string> = P extends `${string}{${infer Name}}${infer Rest}`
  ? { [K in Name]: string } & ParamsOf<Rest>
  : Record<never, string>;

/** "/api/sessions/{session_id}" -> "/api/sessions/:session_id", the path syntax of MSW. */
function mswPath(path: string): string {
  return path.replace(/\{(\w+)\}/g, ":$1");
}

function route<M extends Method>(method: M) {
  return <P extends PathsWith<M>>(path: P, resolver: HttpResponseResolver<ParamsOf<P>>) =>
    http[method](mswPath(path), resolver);
}

/**
 * Handlers keyed by the API's own paths (a path the server does not have fails the
 * type check), with the path's parameters typed: `api.get("/api/sessions/{session_id}",
 * ({ params }) => HttpResponse.json(...))`.
 */
export const api = {
  get: route("get"),
  post: route("post"),
  put: route("put"),
  patch: route("patch"),
  delete: route("delete"),
};
