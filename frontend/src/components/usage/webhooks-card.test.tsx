import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { jsonResponse, mockFetch, renderWithProviders } from "@/test/render";
import { WebhooksCard } from "./webhooks-card";

describe("WebhooksCard", () => {
  it("saves the URL and secret, and lists failed deliveries", async () => {
    const user = userEvent.setup();
    let sent: unknown = null;
    mockFetch((url, init) => {
      if (url === "/api/settings/webhooks" && init?.method === "PUT") {
        sent = JSON.parse(String(init.body));
        return jsonResponse({
          url: "https://hooks.test/x",
          hasSecret: true,
          header: "X-Colloquy-Signature",
        });
      }
      if (url === "/api/settings/webhooks")
        return jsonResponse({ url: null, hasSecret: false, header: "X-Colloquy-Signature" });
      if (url === "/api/settings/webhooks/deliveries?status=failed")
        return jsonResponse([
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
      return jsonResponse({}, 404);
    });
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
