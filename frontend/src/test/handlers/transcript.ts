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
    const ids = params.get("ids")?.split(",");
    const all = typeof messages === "function" ? messages() : messages;
    const kept = all
      .map((m, i) => ({ m, i }))
      .filter(
        ({ m }) =>
          (!speaker || m.speaker === speaker) &&
          (!ids || ids.includes(m.id)) &&
          (!q ||
            m.content.toLocaleLowerCase().includes(q) ||
            m.speaker.toLocaleLowerCase().includes(q)),
      );
    const before = params.get("before");
    if (params.get("newest") === "true" || before !== null) {
      // The last `limit` before the cursor (an index here, a seq on the server), in order.
      const earlier = before === null ? kept : kept.filter(({ i }) => i < Number(before));
      const page = earlier.slice(Math.max(0, earlier.length - limit));
      return HttpResponse.json({
        items: page.map(({ m }) => m),
        nextCursor: null,
        earlierCursor: earlier.length > page.length ? String(page[0].i) : null,
        total: kept.length,
      });
    }
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
