import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { HttpResponse } from "msw";
import { api } from "@/test/handlers/api";
import { recordRequests, sentJson } from "@/test/requests";
import { server } from "@/test/server";
import { renderWithProviders } from "@/test/render";
import { MembersPanel } from "./members-panel";

const WORKSPACES = [
  { id: "wa", name: "Alpha", role: "admin", createdAt: "2026-11-28T09:00:00Z" },
  { id: "wb", name: "Beta", role: "admin", createdAt: "2026-11-28T09:01:00Z" },
];
const MEMBERS = [{ userId: "u1", email: "ana@example.com", role: "researcher", disabled: false }];

describe("MembersPanel", () => {
  beforeEach(() =>
    server.use(
      api.get("/api/workspaces", () => HttpResponse.json(WORKSPACES)),
      api.get("/api/workspaces/{workspace_id}/members", ({ params }) =>
        HttpResponse.json(params.workspace_id === "wa" ? MEMBERS : []),
      ),
    ),
  );

  it("lists the members of the chosen workspace and changes a role", async () => {
    server.use(
      api.patch("/api/workspaces/{workspace_id}/members/{user_id}", () =>
        HttpResponse.json({ ...MEMBERS[0], role: "viewer" }),
      ),
    );
    const requests = recordRequests();
    renderWithProviders(<MembersPanel />);
    const members = await screen.findByRole("list", { name: "Members" });
    expect(within(members).getByText("ana@example.com")).toBeInTheDocument();
    await userEvent.selectOptions(screen.getByLabelText("Role of ana@example.com"), "viewer");
    await vi.waitFor(async () =>
      expect(await sentJson(requests, "PATCH", "/api/workspaces/wa/members/u1")).toEqual({
        role: "viewer",
      }),
    );
    await userEvent.click(screen.getByRole("button", { name: "Beta" }));
    expect(await screen.findByText("No members yet: add one by email below.")).toBeInTheDocument();
  });

  it("adds a member by email and shows the server's refusal", async () => {
    server.use(
      api.post("/api/workspaces/{workspace_id}/members", () =>
        HttpResponse.json(
          {
            error: "No account has the email bo@example.com: create it first (Users)",
            errors: ["No account has the email bo@example.com: create it first (Users)"],
          },
          { status: 404 },
        ),
      ),
    );
    const requests = recordRequests();
    renderWithProviders(<MembersPanel />);
    await userEvent.type(
      await screen.findByLabelText("Email of the account to add"),
      "bo@example.com",
    );
    await userEvent.selectOptions(screen.getByLabelText("Role of the new member"), "viewer");
    await userEvent.click(screen.getByRole("button", { name: "Add member" }));
    expect(await screen.findByText(/No account has the email bo@example.com/)).toBeInTheDocument();
    expect(await sentJson(requests, "POST", "/api/workspaces/wa/members")).toEqual({
      email: "bo@example.com",
      role: "viewer",
    });
  });

  it("tells a caller who is not an admin that only admins manage workspaces", async () => {
    server.use(
      api.get("/api/workspaces", () =>
        HttpResponse.json([{ ...WORKSPACES[0], role: "researcher" }]),
      ),
    );
    renderWithProviders(<MembersPanel />);
    expect(await screen.findByRole("alert")).toHaveTextContent(
      "Only an admin can manage workspaces and their members.",
    );
  });
});
