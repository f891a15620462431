import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { CatalogModel, ModelDownload } from "@/lib/api-types";
import { jsonResponse, mockFetch, renderWithProviders } from "@/test/render";
import { describeProgress } from "../api/model-downloads";
import { DownloadModelsCard } from "./download-models-card";

const entry = (over: Partial<CatalogModel> = {}): CatalogModel => ({
  id: "qwen2.5-1.5b-instruct-q4_k_m",
  name: "Qwen2.5 1.5B Instruct (Q4_K_M)",
  repo: "Qwen/Qwen2.5-1.5B-Instruct-GGUF",
  file: "qwen2.5-1.5b-instruct-q4_k_m.gguf",
  revision: "91cad51170dc346986eccefdc2dd33a9da36ead9",
  sizeBytes: 1_117_320_736,
  memoryGb: 2,
  tokensPerSecond: 25,
  speed: "Fast: about 25 tokens/s",
  description: "The smallest model that keeps to its persona.",
  license: "Apache-2.0",
  kind: "chat",
  downloaded: false,
  ...over,
});

const job = (over: Partial<ModelDownload> = {}): ModelDownload => ({
  id: "qwen2.5-1.5b-instruct-q4_k_m.gguf",
  name: "Qwen2.5 1.5B Instruct (Q4_K_M)",
  catalogId: "qwen2.5-1.5b-instruct-q4_k_m",
  repo: "Qwen/Qwen2.5-1.5B-Instruct-GGUF",
  file: "qwen2.5-1.5b-instruct-q4_k_m.gguf",
  revision: "main",
  state: "downloading",
  bytesDone: 300_000_000,
  totalBytes: 1_200_000_000,
  bytesPerSecond: 5_000_000,
  etaSeconds: 180,
  error: null,
  commit: null,
  ...over,
});

describe("DownloadModelsCard", () => {
  it("lists the catalog with size, memory and speed, and starts a download", async () => {
    const user = userEvent.setup();
    let downloads: ModelDownload[] = [];
    const fetch = mockFetch((url, init) => {
      if (url === "/api/models/catalog") return jsonResponse({ models: [entry()] });
      if (url === "/api/models/downloads") return jsonResponse({ downloads });
      if (url === "/api/models/download" && init?.method === "POST") {
        downloads = [job()];
        return jsonResponse(downloads[0], 202);
      }
      return undefined;
    });
    renderWithProviders(<DownloadModelsCard />);
    const row = await screen.findByTestId("catalog-model");
    expect(row).toHaveTextContent(
      "1.12 GB download · needs about 2 GB of memory · Fast: about 25 tokens/s",
    );
    await user.click(
      within(row).getByRole("button", { name: "Download Qwen2.5 1.5B Instruct (Q4_K_M)" }),
    );
    expect(await screen.findByRole("progressbar", { name: /Downloading Qwen2.5/ })).toHaveAttribute(
      "aria-valuenow",
      "25",
    );
    expect(screen.getByTestId("download-progress")).toHaveTextContent(
      "300.0 MB of 1.20 GB · 5.0 MB/s · 3 min left",
    );
    const call = fetch.mock.calls.find(([url]) => url === "/api/models/download");
    expect(JSON.parse(String(call?.[1]?.body))).toEqual({
      overwrite: false,
      id: "qwen2.5-1.5b-instruct-q4_k_m",
    });
  });

  it("shows why a download failed and offers to resume", async () => {
    mockFetch((url) => {
      if (url === "/api/models/catalog") return jsonResponse({ models: [entry()] });
      if (url === "/api/models/downloads") {
        return jsonResponse({
          downloads: [
            job({
              state: "failed",
              error: "Checksum mismatch: the file's sha256 is abc..., expected def...",
            }),
          ],
        });
      }
      return undefined;
    });
    renderWithProviders(<DownloadModelsCard />);
    expect(await screen.findByTestId("download-error")).toHaveTextContent("Checksum mismatch");
    expect(
      screen.getByRole("button", { name: "Download Qwen2.5 1.5B Instruct (Q4_K_M)" }),
    ).toHaveTextContent("Resume");
  });

  it("offers a downloaded model for use as the local model", async () => {
    const user = userEvent.setup();
    const fetch = mockFetch((url, init) => {
      if (url === "/api/models/catalog")
        return jsonResponse({ models: [entry({ downloaded: true })] });
      if (url === "/api/models/downloads") return jsonResponse({ downloads: [] });
      if (url === "/api/settings/model" && init?.method === "PUT") {
        return jsonResponse({
          provider: "local",
          baseUrl: null,
          model: "qwen2.5-1.5b-instruct-q4_k_m.gguf",
          apiKeySet: false,
          source: "saved",
        });
      }
      return undefined;
    });
    renderWithProviders(<DownloadModelsCard />);
    await user.click(await screen.findByRole("button", { name: "Use this model" }));
    await waitFor(() =>
      expect(
        fetch.mock.calls.some(
          ([url, init]) => url === "/api/settings/model" && init?.method === "PUT",
        ),
      ).toBe(true),
    );
    const call = fetch.mock.calls.find(
      ([url, init]) => url === "/api/settings/model" && init?.method === "PUT",
    );
    expect(JSON.parse(String(call?.[1]?.body))).toMatchObject({
      provider: "local",
      model: "qwen2.5-1.5b-instruct-q4_k_m.gguf",
    });
  });

  it("says a download is unverified when no checksum could be checked", async () => {
    const other = job({
      id: "x.gguf",
      name: "org/repo/x.gguf",
      catalogId: null,
      state: "done",
      checksum: "unverified",
    });
    mockFetch((url) => {
      if (url === "/api/models/catalog")
        return jsonResponse({ models: [entry({ downloaded: true })] });
      if (url === "/api/models/downloads") {
        return jsonResponse({ downloads: [job({ state: "done", checksum: "hub" }), other] });
      }
      return undefined;
    });
    renderWithProviders(<DownloadModelsCard />);
    const marks = await screen.findAllByTestId("download-unverified");
    expect(marks).toHaveLength(1); // the hub-checked catalog download carries none
    expect(marks[0]).toHaveTextContent("unverified: no checksum was published");
    expect(marks[0].closest("div")).toHaveTextContent("org/repo/x.gguf");
  });

  it("describes progress in words", () => {
    expect(describeProgress(job({ bytesPerSecond: null, etaSeconds: null }))).toBe(
      "300.0 MB of 1.20 GB",
    );
    expect(describeProgress(job({ etaSeconds: 30 }))).toBe(
      "300.0 MB of 1.20 GB · 5.0 MB/s · 30 s left",
    );
  });
});
