import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { jsonResponse, mockFetch, renderWithProviders } from "@/test/render";
import type { EmbeddingOptions, EmbeddingSettings } from "../api/embedding-settings";
import { describeEmbeddingTest } from "../api/embedding-settings";
import { EmbeddingsCard } from "./embeddings-card";

const WORDLLAMA = "wordllama l2_supercat 256d (offline)";

const current = (over: Partial<EmbeddingSettings> = {}): EmbeddingSettings => ({
  kind: "wordllama",
  baseUrl: null,
  model: null,
  apiKeySet: false,
  source: "default",
  embedder: WORDLLAMA,
  chatProvider: "openai",
  ...over,
});

const options = (over: Partial<EmbeddingOptions["provider"]> = {}): EmbeddingOptions => ({
  provider: {
    provider: "openai",
    available: true,
    reason: null,
    models: [{ id: "nomic-embed-text", name: "nomic-embed-text" }],
    ...over,
  },
  gguf: [
    {
      id: "nomic-embed-text-v1.5.Q8_0.gguf",
      name: "nomic-embed-text v1.5 (Q8_0)",
      catalogId: "nomic-embed-text-v1.5-q8_0",
      downloaded: false,
      sizeBytes: 146_146_432,
      description: "768-dimension sentence embeddings.",
    },
    {
      id: "bge-small-en-v1.5-q8_0.gguf",
      name: "bge-small-en v1.5 (Q8_0)",
      catalogId: "bge-small-en-v1.5-q8_0",
      downloaded: true,
      sizeBytes: 36_000_000,
      description: "384-dimension English sentence embeddings.",
    },
  ],
});

const chatModel = {
  provider: "openai",
  baseUrl: "http://127.0.0.1:11434/v1",
  model: "llama3.2",
  apiKeySet: false,
  source: "saved",
};

function routes(state: {
  settings: EmbeddingSettings;
  options?: EmbeddingOptions;
  saveStatus?: number;
}) {
  return mockFetch((url, init) => {
    if (url === "/api/settings/model") return jsonResponse(chatModel);
    if (url === "/api/settings/embeddings/options") return jsonResponse(state.options ?? options());
    if (url === "/api/models/downloads") return jsonResponse({ downloads: [] });
    if (url === "/api/settings/embeddings" && init?.method === "PUT") {
      const body = JSON.parse(String(init.body));
      if (state.saveStatus === 422) {
        return jsonResponse(
          {
            error: "The embedder was not saved: Could not reach http://127.0.0.1:9/v1",
            errors: [],
            code: "embedder_unusable",
          },
          422,
        );
      }
      state.settings = current({
        ...body,
        source: "saved",
        embedder: `${body.model} via ${body.baseUrl ?? chatModel.baseUrl}/embeddings`,
      });
      return jsonResponse({
        ...state.settings,
        test: {
          ok: true,
          latencyMs: 12,
          dimensions: 768,
          embedder: state.settings.embedder,
          error: null,
        },
      });
    }
    if (url === "/api/settings/embeddings/test") {
      return jsonResponse({
        ok: true,
        latencyMs: 9,
        dimensions: 384,
        embedder: "bge-small-en v1.5 (Q8_0) (in-process GGUF)",
        error: null,
      });
    }
    if (url === "/api/settings/embeddings") return jsonResponse(state.settings);
    return undefined;
  });
}

describe("EmbeddingsCard", () => {
  it("names the embedder in use and saves the chat provider's embedding model", async () => {
    const user = userEvent.setup();
    const fetch = routes({ settings: current() });
    renderWithProviders(<EmbeddingsCard />);
    expect(await screen.findByTestId("embedder-in-use")).toHaveTextContent(WORDLLAMA);
    await user.click(screen.getByRole("radio", { name: /The chat model's provider/ }));
    expect(await screen.findByTestId("provider-embedding-models")).toHaveTextContent(
      "Offered by the endpoint: nomic-embed-text",
    );
    await user.type(screen.getByLabelText("Embedding model"), "nomic-embed-text");
    await user.click(screen.getByRole("button", { name: "Save embedder" }));
    const result = await screen.findByTestId("embedding-test-result");
    expect(result).toHaveTextContent("Saved: new embeddings use it");
    expect(result).toHaveTextContent("768 dimensions");
    const put = fetch.mock.calls.find(
      ([url, init]) => url === "/api/settings/embeddings" && init?.method === "PUT",
    );
    expect(JSON.parse(String(put?.[1]?.body))).toEqual({
      kind: "provider",
      model: "nomic-embed-text",
    });
    await waitFor(() =>
      expect(screen.getByTestId("embedder-in-use")).toHaveTextContent(
        "nomic-embed-text via http://127.0.0.1:11434/v1/embeddings",
      ),
    );
  });

  it("shows why the save was refused and keeps the embedder", async () => {
    const user = userEvent.setup();
    routes({ settings: current(), saveStatus: 422 });
    renderWithProviders(<EmbeddingsCard />);
    await user.click(await screen.findByRole("radio", { name: /OpenAI-compatible endpoint/ }));
    await user.type(screen.getByLabelText("Embeddings base URL"), "http://127.0.0.1:9/v1");
    await user.type(screen.getByLabelText("Embedding model"), "m");
    await user.click(screen.getByRole("button", { name: "Save embedder" }));
    const result = await screen.findByTestId("embedding-test-result");
    expect(result).toHaveTextContent("It did not work");
    expect(result).toHaveTextContent("Could not reach http://127.0.0.1:9/v1");
    expect(screen.getByTestId("embedder-in-use")).toHaveTextContent(WORDLLAMA);
  });

  it("offers downloaded GGUF models and downloads the others from the catalog", async () => {
    const user = userEvent.setup();
    const fetch = routes({ settings: current() });
    renderWithProviders(<EmbeddingsCard />);
    await user.click(await screen.findByRole("radio", { name: /GGUF model on this computer/ }));
    const list = await screen.findByRole("list", { name: "GGUF embedding models" });
    expect(within(list).getByRole("radio", { name: /nomic-embed-text v1.5/ })).toBeDisabled();
    await user.click(within(list).getByRole("radio", { name: /bge-small-en v1.5/ }));
    await user.click(screen.getByRole("button", { name: "Test embedder" }));
    expect(await screen.findByTestId("embedding-test-result")).toHaveTextContent("384 dimensions");
    const tested = fetch.mock.calls.find(([url]) => url === "/api/settings/embeddings/test");
    expect(JSON.parse(String(tested?.[1]?.body))).toEqual({
      kind: "gguf",
      model: "bge-small-en-v1.5-q8_0.gguf",
    });
    await user.click(
      within(list).getByRole("button", { name: "Download nomic-embed-text v1.5 (Q8_0)" }),
    );
    await waitFor(() =>
      expect(fetch.mock.calls.some(([url]) => url === "/api/models/download")).toBe(true),
    );
    const started = fetch.mock.calls.find(([url]) => url === "/api/models/download");
    expect(JSON.parse(String(started?.[1]?.body))).toEqual({
      overwrite: false,
      id: "nomic-embed-text-v1.5-q8_0",
    });
  });

  it("says why the provider has no embeddings", async () => {
    routes({
      settings: current({ chatProvider: "anthropic" }),
      options: options({
        provider: "anthropic",
        available: false,
        reason: "Anthropic has no embeddings API.",
        models: [],
      }),
    });
    renderWithProviders(<EmbeddingsCard />);
    const radio = await screen.findByRole("radio", { name: /The chat model's provider/ });
    await waitFor(() => expect(radio).toBeDisabled());
    expect(screen.getByText("Anthropic has no embeddings API.")).toBeInTheDocument();
  });

  it("describes a test in a sentence", () => {
    expect(
      describeEmbeddingTest({
        ok: true,
        latencyMs: 5,
        dimensions: 26,
        embedder: "m via x",
        error: null,
      }),
    ).toBe("m via x embedded two sentences in 5 ms: 26 dimensions.");
    expect(
      describeEmbeddingTest({
        ok: false,
        latencyMs: null,
        dimensions: null,
        embedder: "m",
        error: "nope",
      }),
    ).toBe("nope");
  });
});
