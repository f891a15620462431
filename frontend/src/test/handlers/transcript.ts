import { HttpResponse } from "msw";
import type { SessionMessage } from "@/lib/api-types";
import { api } from "./api";

/**
 * GET /api/sessions/{id}/messages answered from `messages` as the server pages them: in
 * order, `q` on content or speaker (case-insensitive), `speaker`, `limit`, a cursor that is
 * the position of the page's last message. `seen` records each request's query.
 */
export function transcriptPages(
  messages: readonly SessionMessage[] | (() => readonly SessionMessage[]),
  seen: URLSearchParams[] = [],
) {
  return api.get("/api/sessions/{session_id}/messages", ({ request }) => {
    const params = new URL(request.url).searchParams;
    seen.push(params);
    const q = (params.get("q") ?? "").toLocaleLowerCase();
    const speaker = params.get("speaker");
    const limit = Number(params.get("limit") ?? 200);
    const after = Number(params.get("cursor") ?? -1);
    const all = typeof messages === "function" ? messages() : messages;
    const kept = all
      .map((m, i) => ({ m, i }))
      .filter(
        ({ m }) =>
          (!speaker || m.speaker === speaker) &&
          (!q ||
            m.content.toLocaleLowerCase().includes(q) ||
            m.speaker.toLocaleLowerCase().includes(q)),
      );
    const rest = kept.filter(({ i }) => i > after);
    const page = rest.slice(0, limit);
    const more = rest.length > limit;
    return HttpResponse.json({
      items: page.map(({ m }) => m),
      nextCursor: more ? String(page[page.length - 1].i) : null,
      total: kept.length,
    });
  });
}
