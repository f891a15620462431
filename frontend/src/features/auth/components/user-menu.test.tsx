import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { HttpResponse } from "msw";
import { api } from "@/test/handlers/api";
import { recordRequests } from "@/test/requests";
import { server } from "@/test/server";
import { renderRoutes } from "@/test/render";
import { UserMenu } from "./user-menu";

const ME = {
  accounts: true,
  firstRun: false,
  isAdmin: false,
  user: {
    id: "u1",
    email: "ana@example.com",
    isAdmin: false,
    disabled: false,
    createdAt: "2026-11-27T10:00:00Z",
  },
};

describe("UserMenu", () => {
  it("shows nothing without an account", async () => {
    const { client } = renderRoutes([{ path: "/", element: <UserMenu /> }], "/");
    await waitFor(() => expect(client.getQueryState(["auth", "me"])?.status).toBe("success"));
    expect(screen.queryByRole("button", { name: "Sign out" })).toBeNull();
    expect(screen.queryByText(/@/)).toBeNull();
  });

  it("shows the account and changes the password", async () => {
    server.use(
      api.get("/api/auth/me", () => HttpResponse.json(ME)),
      api.put("/api/account/password", () => new HttpResponse(null, { status: 204 })),
    );
    const requests = recordRequests();
    renderRoutes([{ path: "/", element: <UserMenu /> }], "/");
    expect(await screen.findByText("ana@example.com")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Sign out" })).toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "Change password" }));
    // The dialog's chunk loads on first open: slow on a loaded machine.
    const field = await screen.findByLabelText("Current password", {}, { timeout: 10_000 });
    await userEvent.type(field, "old password 12");
    await userEvent.type(screen.getByLabelText("New password"), "new password 123");
    const dialog = screen.getByRole("dialog");
    await userEvent.click(
      Array.from(dialog.querySelectorAll("button")).find((b) => b.type === "submit")!,
    );
    expect(await screen.findByText("Password changed.")).toBeInTheDocument();
    const put = requests.find((r) => r.method === "PUT")!;
    expect(await put.json()).toEqual({
      currentPassword: "old password 12",
      newPassword: "new password 123",
    });
  });

  it("shows the server's refusal", async () => {
    server.use(
      api.get("/api/auth/me", () => HttpResponse.json(ME)),
      api.put("/api/account/password", () =>
        HttpResponse.json(
          {
            error: "The current password is wrong",
            errors: ["The current password is wrong"],
            code: "forbidden",
          },
          { status: 403 },
        ),
      ),
    );
    renderRoutes([{ path: "/", element: <UserMenu /> }], "/");
    await userEvent.click(await screen.findByRole("button", { name: "Change password" }));
    await userEvent.type(await screen.findByLabelText("Current password"), "wrong password 1");
    await userEvent.type(screen.getByLabelText("New password"), "new password 123");
    const dialog = screen.getByRole("dialog");
    await userEvent.click(
      Array.from(dialog.querySelectorAll("button")).find((b) => b.type === "submit")!,
    );
    expect(await screen.findByRole("alert")).toHaveTextContent("The current password is wrong");
  });

  it("links to API tokens, and for an admin to users and the audit log", async () => {
    server.use(
      api.get("/api/auth/me", () =>
        HttpResponse.json({ ...ME, isAdmin: true, user: { ...ME.user, isAdmin: true } }),
      ),
    );
    renderRoutes([{ path: "/", element: <UserMenu /> }], "/");
    const pages = await screen.findByRole("navigation", { name: "Account pages" });
    expect(Array.from(pages.querySelectorAll("a")).map((a) => a.getAttribute("href"))).toEqual([
      "/team/tokens",
      "/team/users",
      "/team/audit",
    ]);
  });

  it("offers the first-run set-up while no account exists on this machine", async () => {
    server.use(
      api.get("/api/auth/me", () =>
        HttpResponse.json({ accounts: false, firstRun: true, user: null, isAdmin: true }),
      ),
    );
    renderRoutes([{ path: "/", element: <UserMenu /> }], "/");
    expect(await screen.findByRole("link", { name: "Set up team accounts" })).toHaveAttribute(
      "href",
      "/team/first-run",
    );
  });
});
