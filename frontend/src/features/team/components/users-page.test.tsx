import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { HttpResponse } from "msw";
import { api } from "@/test/handlers/api";
import { recordRequests, sentJson } from "@/test/requests";
import { server } from "@/test/server";
import { renderWithProviders } from "@/test/render";
import { UsersPage } from "./users-page";

const ADMIN = {
  id: "u1",
  email: "admin@example.com",
  isAdmin: true,
  disabled: false,
  createdAt: "2026-11-27T10:00:00Z",
};

describe("UsersPage", () => {
  it("creates a user, disables and makes admin, resets a password", async () => {
    let users = [ADMIN];
    server.use(
      api.get("/api/users", () => HttpResponse.json(users)),
      api.post("/api/users", () => {
        const made = { ...ADMIN, id: "u2", email: "bo@example.com", isAdmin: false };
        users = [...users, made];
        return HttpResponse.json(made, { status: 201 });
      }),
      api.patch("/api/users/{id}", async ({ request, params }) => {
        const change = (await request.json()) as { disabled?: boolean; isAdmin?: boolean };
        users = users.map((u) => (u.id === params.id ? { ...u, ...change } : u));
        return HttpResponse.json(users.find((u) => u.id === params.id));
      }),
      api.put("/api/users/{id}/password", () => new HttpResponse(null, { status: 204 })),
    );
    const requests = recordRequests();
    renderWithProviders(<UsersPage />);
    expect(
      await screen.findByRole("button", { name: "Disable admin@example.com" }),
    ).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText("Email"), "bo@example.com");
    await userEvent.type(
      screen.getByLabelText("Password (12 characters or more)"),
      "a long password",
    );
    await userEvent.click(screen.getByRole("button", { name: "Create user" }));
    expect(await screen.findByText("Created bo@example.com.")).toBeInTheDocument();
    expect(await sentJson(requests, "POST", "/api/users")).toEqual({
      email: "bo@example.com",
      password: "a long password",
      isAdmin: false,
    });
    const list = screen.getByRole("list", { name: "Users" });
    await userEvent.click(
      await within(list).findByRole("button", { name: "Disable bo@example.com" }),
    );
    expect(await within(list).findByText("Disabled")).toBeInTheDocument();
    expect(await sentJson(requests, "PATCH", "/api/users/u2")).toEqual({ disabled: true });
    await userEvent.click(within(list).getByRole("button", { name: "Make admin: bo@example.com" }));
    expect(
      await within(list).findByRole("button", { name: "Remove admin: bo@example.com" }),
    ).toBeVisible();
    await userEvent.click(
      within(list).getByRole("button", { name: "Reset password: bo@example.com" }),
    );
    await userEvent.type(
      screen.getByLabelText("New password for bo@example.com"),
      "another password",
    );
    await userEvent.click(screen.getByRole("button", { name: "Set" }));
    expect(await sentJson(requests, "PUT", "/api/users/u2/password")).toEqual({
      password: "another password",
    });
  });

  it("shows the server's refusal", async () => {
    server.use(
      api.get("/api/users", () => HttpResponse.json([ADMIN])),
      api.patch("/api/users/{id}", () =>
        HttpResponse.json(
          {
            error: "You cannot disable yourself or drop your own admin role",
            errors: ["You cannot disable yourself or drop your own admin role"],
            code: "conflict",
          },
          { status: 409 },
        ),
      ),
    );
    renderWithProviders(<UsersPage />);
    await userEvent.click(await screen.findByRole("button", { name: "Disable admin@example.com" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("You cannot disable yourself");
  });
});
