import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { HttpResponse } from "msw";
import { api } from "@/test/handlers/api";
import { renderRoutes } from "@/test/render";
import { recordCalls } from "@/test/requests";
import { server } from "@/test/server";
import { analytics, makeSession, headerOf } from "@/features/results/test/fixtures";
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
  server.use(
    api.get("/api/sessions/{session_id}/header", () => HttpResponse.json(headerOf(session))),
    api.get("/api/sessions/{session_id}/analytics", () => HttpResponse.json(analytics)),
    api.get("/api/settings/model", () => HttpResponse.json(current)),
    api.post("/api/sessions/{session_id}/rerun", () =>
      HttpResponse.json(
        { ...session, id: "s2", name: "Snack Study (gpt-4o-mini)", status: "in-progress" },
        { status: 201 },
      ),
    ),
  );
  const calls = recordCalls();
  renderRoutes(
    [
      { path: "/session/:id/results", element: <SessionResultsPage /> },
      { path: "/session/:id", element: <p>live session page</p> },
    ],
    "/session/s1/results",
  );
  return calls;
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
      const calls = renderResults();
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
      const call = calls.find((c) => c.url === "/api/sessions/s1/rerun");
      expect(call?.body).toEqual({
        provider: "openai",
        baseUrl: "https://api.openai.com/v1",
        model: "gpt-4o-mini",
        apiKey: "sk-test",
      });
    },
  );

  it("can use the current model", { timeout: 15_000 }, async () => {
    const user = userEvent.setup();
    const calls = renderResults();
    await user.click(await screen.findByRole("button", { name: "Run again on another model" }));
    await user.click(
      await screen.findByRole("radio", { name: /Current model \(openai · llama3.1\)/ }),
    );
    expect(screen.queryByTestId("rerun-model-form")).toBeNull();
    await user.click(screen.getByRole("button", { name: "Run the copy" }));
    await waitFor(() => expect(calls.some((c) => c.url === "/api/sessions/s1/rerun")).toBe(true));
    const call = calls.find((c) => c.url === "/api/sessions/s1/rerun");
    expect(call?.body).toBeUndefined();
  });
});
