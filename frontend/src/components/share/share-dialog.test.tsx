import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { HttpResponse } from "msw";
import { api } from "@/test/handlers/api";
import { recordRequests } from "@/test/requests";
import { server } from "@/test/server";
import { renderWithProviders } from "@/test/render";
import ShareDialog from "./share-dialog";

const LINK = {
  id: "l1",
  kind: "session" as const,
  resourceId: "s1",
  createdBy: "ana@example.com",
  createdAt: "2026-11-28T09:00:00Z",
  expiresAt: "2026-12-12T09:00:00Z",
  revoked: false,
  expired: false,
};

function open() {
  return renderWithProviders(
    <ShareDialog kind="session" id="s1" name="Kettles" open onOpenChange={() => undefined} />,
  );
}

describe("ShareDialog", () => {
  it("says when there are no links yet", async () => {
    server.use(api.get("/api/sessions/{session_id}/share-links", () => HttpResponse.json([])));
    open();
    expect(await screen.findByText("No links yet.")).toBeInTheDocument();
  });

  it("creates a link with the chosen expiry and shows its URL once", async () => {
    let links = [] as (typeof LINK)[];
    server.use(
      api.get("/api/sessions/{session_id}/share-links", () => HttpResponse.json(links)),
      api.post("/api/sessions/{session_id}/share-links", () => {
        links = [LINK];
        return HttpResponse.json(
          { ...LINK, url: "http://127.0.0.1:8000/share/cqs_secret" },
          { status: 201 },
        );
      }),
    );
    const requests = recordRequests();
    open();
    await userEvent.selectOptions(await screen.findByLabelText("Expires after"), "30");
    await userEvent.click(screen.getByRole("button", { name: "Create link" }));
    expect(await screen.findByLabelText("Share link")).toHaveValue(
      "http://127.0.0.1:8000/share/cqs_secret",
    );
    const post = requests.find((r) => r.method === "POST")!;
    expect(await post.json()).toEqual({ expiresInDays: 30 });
    const list = await screen.findByRole("list", { name: "Share links" });
    expect(within(list).getByText("ana@example.com")).toBeInTheDocument();
    expect(within(list).getByText("Active")).toBeInTheDocument();
  });

  it("revokes a live link and shows revoked and expired ones without the button", async () => {
    let links = [LINK, { ...LINK, id: "l2", revoked: true }, { ...LINK, id: "l3", expired: true }];
    server.use(
      api.get("/api/sessions/{session_id}/share-links", () => HttpResponse.json(links)),
      api.delete("/api/share-links/{link_id}", ({ params }) => {
        links = links.map((l) => (l.id === params.link_id ? { ...l, revoked: true } : l));
        return HttpResponse.json({ ...LINK, revoked: true });
      }),
    );
    open();
    const revokes = await screen.findAllByRole("button", { name: /Revoke the link/ });
    expect(revokes).toHaveLength(1);
    expect(screen.getByText("Expired", { selector: "[data-slot=badge]" })).toBeInTheDocument();
    await userEvent.click(revokes[0]!);
    await waitFor(() =>
      expect(screen.queryByRole("button", { name: /Revoke the link/ })).toBeNull(),
    );
    expect(screen.getAllByText("Revoked")).toHaveLength(2);
  });

  it("shows why a link was not created", async () => {
    server.use(
      api.get("/api/sessions/{session_id}/share-links", () => HttpResponse.json([])),
      api.post("/api/sessions/{session_id}/share-links", () =>
        HttpResponse.json(
          { error: "Session not found", errors: ["Session not found"], code: "not_found" },
          { status: 404 },
        ),
      ),
    );
    open();
    await userEvent.click(await screen.findByRole("button", { name: "Create link" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("Session not found");
  });
});
