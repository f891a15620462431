import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { HttpResponse } from "msw";
import { api } from "@/test/handlers/api";
import { recordRequests } from "@/test/requests";
import { server } from "@/test/server";
import { renderWithProviders } from "@/test/render";
import { ApiTokensPage } from "./api-tokens-page";

const TOKEN = {
  id: "t1",
  name: "laptop CLI",
  prefix: "cq_abcdefg",
  canWrite: false,
  createdAt: "2026-11-28T09:00:00Z",
  expiresAt: null,
  lastUsedAt: "2026-11-28T09:30:00Z",
  revoked: false,
};

describe("ApiTokensPage", () => {
  it("says when there are no tokens", async () => {
    server.use(api.get("/api/tokens", () => HttpResponse.json([])));
    renderWithProviders(<ApiTokensPage />);
    expect(await screen.findByText("You have no API tokens yet.")).toBeInTheDocument();
  });

  it("creates a read-write token, shows it once, lists it with its last use, revokes it", async () => {
    let tokens: (typeof TOKEN)[] = [];
    server.use(
      api.get("/api/tokens", () => HttpResponse.json(tokens)),
      api.post("/api/tokens", () => {
        tokens = [{ ...TOKEN, canWrite: true }];
        return HttpResponse.json({ ...tokens[0], token: "cq_the_secret" }, { status: 201 });
      }),
      api.delete("/api/tokens/{id}", () => {
        tokens = [{ ...tokens[0]!, revoked: true }];
        return HttpResponse.json(tokens[0]);
      }),
    );
    const requests = recordRequests();
    renderWithProviders(<ApiTokensPage />);
    await userEvent.type(await screen.findByLabelText("Name"), "laptop CLI");
    await userEvent.selectOptions(screen.getByLabelText("Expires after"), "never");
    await userEvent.click(screen.getByLabelText("Can write (MCP needs this)"));
    await userEvent.click(screen.getByRole("button", { name: "Create token" }));
    expect(await screen.findByLabelText("Token “laptop CLI”")).toHaveValue("cq_the_secret");
    const post = requests.find((r) => r.method === "POST")!;
    expect(await post.json()).toEqual({ name: "laptop CLI", canWrite: true, expiresInDays: null });
    const row = (await screen.findByText("Read and write")).closest("tr")!;
    expect(within(row).getByText("never")).toBeInTheDocument(); // no expiry
    await userEvent.click(within(row).getByRole("button", { name: "Revoke laptop CLI" }));
    expect(await screen.findByText("Revoked")).toBeInTheDocument();
  });

  it("shows a load error with a retry", async () => {
    server.use(
      api.get("/api/tokens", () =>
        HttpResponse.json({ error: "boom", errors: ["boom"], code: "x" }, { status: 500 }),
      ),
    );
    renderWithProviders(<ApiTokensPage />);
    expect(await screen.findByText("Could not load your tokens")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Retry" })).toBeInTheDocument();
  });
});
