import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { HttpResponse } from "msw";
import { api } from "@/test/handlers/api";
import { pathOf, recordRequests } from "@/test/requests";
import { server } from "@/test/server";
import { renderWithProviders } from "@/test/render";
import { AuditLogPage } from "./audit-log-page";

function event(id: number, action: string, status = 200) {
  return {
    id,
    at: "2026-11-28T09:00:00Z",
    actor: "ana@example.com",
    actorId: "u1",
    address: "127.0.0.1",
    action,
    method: "POST",
    route: "/api/personas",
    resourceId: `r${id}`,
    status,
    detail: {},
  };
}

describe("AuditLogPage", () => {
  it("pages by cursor and filters", async () => {
    server.use(
      api.get("/api/audit", ({ request }) => {
        const query = new URL(request.url).searchParams;
        if (query.get("failed") === "true")
          return HttpResponse.json({ items: [event(7, "sign-in-failed", 401)], nextCursor: null });
        if (query.get("before") === "2")
          return HttpResponse.json({ items: [event(1, "delete")], nextCursor: null });
        return HttpResponse.json({
          items: [event(3, "create"), event(2, "update")],
          nextCursor: 2,
        });
      }),
    );
    const requests = recordRequests();
    renderWithProviders(<AuditLogPage />);
    expect(await screen.findByText("create")).toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "Older events" }));
    expect(await screen.findByText("delete")).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Older events" })).toBeNull();

    await userEvent.type(screen.getByLabelText("Actor (email)"), "ana@example.com");
    await userEvent.selectOptions(screen.getByLabelText("Outcome"), "true");
    await userEvent.click(screen.getByRole("button", { name: "Apply" }));
    expect(await screen.findByText("sign-in-failed")).toBeInTheDocument();
    await waitFor(() =>
      expect(requests.map(pathOf)).toContain(
        "/api/audit?actor=ana%40example.com&failed=true&limit=50",
      ),
    );
    expect(screen.getByRole("link", { name: "CSV" })).toHaveAttribute(
      "href",
      "/api/audit/export.csv?actor=ana%40example.com&failed=true",
    );
  });

  it("says when nothing matches", async () => {
    server.use(api.get("/api/audit", () => HttpResponse.json({ items: [], nextCursor: null })));
    renderWithProviders(<AuditLogPage />);
    expect(await screen.findByText("No events match these filters.")).toBeInTheDocument();
  });
});
