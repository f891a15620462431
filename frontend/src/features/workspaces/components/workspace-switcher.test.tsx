import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { HttpResponse } from "msw";
import { MemoryRouter } from "react-router";
import { api } from "@/test/handlers/api";
import { server } from "@/test/server";
import { renderWithProviders } from "@/test/render";
import { chosenWorkspace } from "@/lib/workspace";
import { chooseWorkspace } from "../utils/choose-workspace";
import WorkspaceSwitcher from "./workspace-switcher";

const TWO = [
  { id: "wa", name: "Alpha", role: "researcher", createdAt: "2026-11-28T09:00:00Z" },
  { id: "wb", name: "Beta", role: "viewer", createdAt: "2026-11-28T09:01:00Z" },
];

function renderSwitcher(accounts: boolean) {
  return renderWithProviders(
    <MemoryRouter>
      <WorkspaceSwitcher accounts={accounts} />
    </MemoryRouter>,
  );
}

describe("WorkspaceSwitcher", () => {
  afterEach(() => chooseWorkspace(null));

  it("is hidden with one workspace and no accounts (one person on loopback)", async () => {
    const { client } = renderSwitcher(false);
    await waitFor(() => expect(client.getQueryState(["workspaces"])?.status).toBe("success"));
    expect(screen.queryByLabelText("Workspace")).toBeNull();
    expect(screen.queryByRole("link", { name: "Members and roles" })).toBeNull();
  });

  it("shows the admin the Members link once accounts exist", async () => {
    renderSwitcher(true);
    expect(await screen.findByRole("link", { name: "Members and roles" })).toHaveAttribute(
      "href",
      "/members",
    );
    expect(screen.queryByLabelText("Workspace")).toBeNull();
  });

  it("lists the caller's workspaces and remembers the one chosen", async () => {
    server.use(api.get("/api/workspaces", () => HttpResponse.json(TWO)));
    const assign = vi.fn();
    vi.stubGlobal("location", { ...window.location, assign });
    renderSwitcher(true);
    const select = await screen.findByLabelText("Workspace");
    expect(select).toHaveValue("wa");
    expect(screen.getByRole("option", { name: "Beta (view only)" })).toBeInTheDocument();
    expect(screen.queryByRole("link", { name: "Members and roles" })).toBeNull(); // not admin
    await userEvent.selectOptions(select, "wb");
    expect(chosenWorkspace()).toBe("wb");
    expect(document.cookie).toContain("colloquy_workspace=wb");
    expect(assign).toHaveBeenCalledWith("/dashboard");
    vi.unstubAllGlobals();
  });

  it("forgets a chosen workspace that is gone and reloads in the first", async () => {
    chooseWorkspace("gone");
    server.use(api.get("/api/workspaces", () => HttpResponse.json(TWO)));
    const reload = vi.fn();
    vi.stubGlobal("location", { ...window.location, reload });
    renderSwitcher(true);
    await vi.waitFor(() => expect(reload).toHaveBeenCalled());
    expect(chosenWorkspace()).toBeNull();
    vi.unstubAllGlobals();
  });
});
