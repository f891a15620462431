import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { HttpResponse } from "msw";
import { api } from "@/test/handlers/api";
import { renderWithProviders } from "@/test/render";
import { server } from "@/test/server";
import { WebhooksCard } from "./webhooks-card";

describe("WebhooksCard", () => {
  it("saves the URL and secret, and lists failed deliveries", async () => {
    const user = userEvent.setup();
    let sent: unknown = null;
    server.use(
      api.put("/api/settings/webhooks", async ({ request }) => {
        sent = await request.json();
        return HttpResponse.json({
          url: "https://hooks.test/x",
          hasSecret: true,
          header: "X-Colloquy-Signature",
        });
      }),
      api.get("/api/settings/webhooks", () =>
        HttpResponse.json({ url: null, hasSecret: false, header: "X-Colloquy-Signature" }),
      ),
      api.get("/api/settings/webhooks/deliveries", ({ request }) => {
        expect(new URL(request.url).searchParams.get("status")).toBe("failed");
        return HttpResponse.json([
          {
            id: "wh1",
            targetKind: "session",
            targetId: "s1",
            event: "session.completed",
            url: "https://down.test/h",
            status: "failed",
            attempts: 5,
            lastError: "HTTP 503",
            createdAt: "2026-11-26T08:00:00Z",
            updatedAt: "2026-11-26T08:00:20Z",
          },
        ]);
      }),
    );
    renderWithProviders(<WebhooksCard />);
    expect(await screen.findByTestId("webhook-failures")).toHaveTextContent(
      "session.completed s1 → https://down.test/h: HTTP 503 after 5 attempts",
    );
    expect(screen.getByPlaceholderText("Required to sign deliveries")).toBeInTheDocument();
    await user.type(screen.getByLabelText("Default URL"), "https://hooks.test/x");
    await user.type(screen.getByLabelText("Secret"), "s3cret");
    await user.click(screen.getByRole("button", { name: "Save webhook" }));
    await waitFor(() => expect(sent).toEqual({ url: "https://hooks.test/x", secret: "s3cret" }));
    expect(await screen.findByPlaceholderText("Saved (leave empty to keep)")).toBeInTheDocument();
  });
});
