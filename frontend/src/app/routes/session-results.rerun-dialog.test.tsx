import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { jsonResponse, mockFetch, renderRoutes } from "@/test/render";
import { analytics, makeSession } from "@/features/results/test/fixtures";
import { SessionResultsPage } from "./session-results";

const current = {
  provider: "openai",
  baseUrl: "http://127.0.0.1:11434/v1",
  model: "llama3.1",
  apiKeySet: false,
  source: "saved",
};

function renderResults(
  session = makeSession({ model: { provider: "local", name: "SmolLM2-135M-Instruct" } }),
) {
  const fetch = mockFetch((url, init) => {
    if (url === "/api/sessions/s1") return jsonResponse(session);
    if (url === "/api/sessions/s1/analytics") return jsonResponse(analytics);
    if (url === "/api/settings/model") return jsonResponse(current);
    if (url === "/api/sessions/s1/rerun" && init?.method === "POST") {
      return jsonResponse(
        { ...session, id: "s2", name: "Snack Study (gpt-4o-mini)", status: "in-progress" },
        201,
      );
    }
    return undefined;
  });
  renderRoutes(
    [
      { path: "/session/:id/results", element: <SessionResultsPage /> },
      { path: "/session/:id", element: <p>live session page</p> },
    ],
    "/session/s1/results",
  );
  return fetch;
}

describe("Run again on another model", () => {
  it("shows the model that produced the session", async () => {
    renderResults();
    expect(await screen.findByTestId("session-model")).toHaveTextContent(
      "Model: local · SmolLM2-135M-Instruct",
    );
  });

  it("is offered only for a completed session", async () => {
    renderResults(makeSession({ status: "in-progress", completedAt: null }));
    await screen.findByRole("heading", { name: "Snack Study" });
    expect(screen.queryByRole("button", { name: "Run again on another model" })).toBeNull();
  });

  it(
    "duplicates and runs the session on the chosen model, then opens the copy",
    { timeout: 15_000 },
    async () => {
      const user = userEvent.setup();
      const fetch = renderResults();
      await user.click(await screen.findByRole("button", { name: "Run again on another model" }));
      expect(
        await screen.findByRole("dialog", { name: "Run again on another model" }),
      ).toBeInTheDocument();
      await user.click(screen.getByRole("button", { name: "OpenAI" }));
      expect(screen.getByLabelText("Base URL")).toHaveValue("https://api.openai.com/v1");
      expect(screen.getByLabelText("Model")).toHaveValue("gpt-4o-mini");
      await user.type(screen.getByLabelText("API key"), "sk-test");
      await user.click(screen.getByRole("button", { name: "Run the copy" }));
      expect(await screen.findByText("live session page")).toBeInTheDocument();
      const call = fetch.mock.calls.find(([url]) => url === "/api/sessions/s1/rerun");
      expect(JSON.parse(String(call?.[1]?.body))).toEqual({
        provider: "openai",
        baseUrl: "https://api.openai.com/v1",
        model: "gpt-4o-mini",
        apiKey: "sk-test",
      });
    },
  );

  it("can use the current model", { timeout: 15_000 }, async () => {
    const user = userEvent.setup();
    const fetch = renderResults();
    await user.click(await screen.findByRole("button", { name: "Run again on another model" }));
    await user.click(
      await screen.findByRole("radio", { name: /Current model \(openai · llama3.1\)/ }),
    );
    expect(screen.queryByTestId("rerun-model-form")).toBeNull();
    await user.click(screen.getByRole("button", { name: "Run the copy" }));
    await waitFor(() =>
      expect(fetch.mock.calls.some(([url]) => url === "/api/sessions/s1/rerun")).toBe(true),
    );
    const call = fetch.mock.calls.find(([url]) => url === "/api/sessions/s1/rerun");
    expect(call?.[1]?.body).toBeUndefined();
  });
});
