import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { HttpResponse } from "msw";
import { api } from "@/test/handlers/api";
import { recordRequests, sentJson } from "@/test/requests";
import { server } from "@/test/server";
import { renderWithProviders } from "@/test/render";
import CopyToWorkspaceDialog from "./copy-to-workspace-dialog";

const TARGETS = [
  { id: "wb", name: "Beta", role: "researcher", createdAt: "2026-11-28T09:01:00Z" },
  { id: "wc", name: "Gamma", role: "admin", createdAt: "2026-11-28T09:02:00Z" },
];

describe("CopyToWorkspaceDialog", () => {
  it("copies the persona into the workspace chosen", async () => {
    server.use(
      api.post("/api/personas/{persona_id}/copy", () =>
        HttpResponse.json({ id: "p9", name: "Ana" }, { status: 201 }),
      ),
    );
    const requests = recordRequests();
    const onOpenChange = vi.fn();
    renderWithProviders(
      <CopyToWorkspaceDialog
        open
        persona={{ id: "p1", name: "Ana" }}
        targets={TARGETS}
        onOpenChange={onOpenChange}
      />,
    );
    await userEvent.selectOptions(screen.getByLabelText("Workspace"), "wc");
    await userEvent.click(screen.getByRole("button", { name: "Copy" }));
    await vi.waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
    expect(await sentJson(requests, "POST", "/api/personas/p1/copy")).toEqual({
      workspaceId: "wc",
    });
  });
});
