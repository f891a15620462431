import { screen } from "@testing-library/react";
import { HttpResponse } from "msw";
import { api } from "@/test/handlers/api";
import { server } from "@/test/server";
import { renderRoutes } from "@/test/render";
import { TeamRoutes } from "./team-routes";

const USER = {
  id: "u1",
  email: "ana@example.com",
  isAdmin: false,
  disabled: false,
  createdAt: "2026-11-27T10:00:00Z",
};

function me(isAdmin: boolean) {
  return api.get("/api/auth/me", () =>
    HttpResponse.json({ accounts: true, firstRun: false, user: { ...USER, isAdmin }, isAdmin }),
  );
}

describe("TeamRoutes", () => {
  it("keeps the admin pages from someone who is not an admin", async () => {
    server.use(me(false));
    renderRoutes([{ path: "/team/*", element: <TeamRoutes /> }], "/team/users");
    expect(await screen.findByText("Only an admin can open this page.")).toBeInTheDocument();
  });

  it("opens the users page for an admin", async () => {
    server.use(
      me(true),
      api.get("/api/users", () => HttpResponse.json([USER])),
    );
    renderRoutes([{ path: "/team/*", element: <TeamRoutes /> }], "/team/users");
    expect(await screen.findByRole("heading", { name: "Users" })).toBeInTheDocument();
  });

  it("opens the API tokens page for any account", async () => {
    server.use(
      me(false),
      api.get("/api/tokens", () => HttpResponse.json([])),
    );
    renderRoutes([{ path: "/team/*", element: <TeamRoutes /> }], "/team/tokens");
    expect(await screen.findByRole("heading", { name: "API tokens" })).toBeInTheDocument();
  });
});
