import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { ModelProfile } from "@/lib/api-types";
import { jsonResponse, mockFetch, renderWithProviders } from "@/test/render";
import { ModelProfilesCard, toProfileInput } from "./model-profiles-card";

const profile = (over: Partial<ModelProfile> = {}): ModelProfile => ({
  id: "mp1",
  name: "GPT",
  provider: "openai",
  baseUrl: "https://api.openai.com/v1",
  model: "gpt-4o-mini",
  apiKeySet: true,
  isDefault: true,
  ...over,
});

describe("ModelProfilesCard", () => {
  it("shows the empty state, then saves a new profile (tested by the server)", async () => {
    const user = userEvent.setup();
    let profiles: ModelProfile[] = [];
    const fetch = mockFetch((url, init) => {
      if (url === "/api/model-profiles" && init?.method === "POST") {
        profiles = [profile({ id: "mp9", name: "Llama", isDefault: false, apiKeySet: false })];
        return jsonResponse(profiles[0], 201);
      }
      if (url === "/api/model-profiles") return jsonResponse({ profiles });
      return jsonResponse({}, 200);
    });
    renderWithProviders(<ModelProfilesCard />);
    expect(await screen.findByText(/No profiles yet/)).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Add profile" }));
    const form = screen.getByRole("form", { name: "New model profile" });
    const save = within(form).getByRole("button", { name: "Test and save profile" });
    expect(save).toBeDisabled();
    await user.type(within(form).getByLabelText("Profile name"), "Llama");
    await user.type(within(form).getByLabelText("Base URL"), "http://localhost:11434/v1");
    await user.type(within(form).getByLabelText("Model"), "llama3.2");
    await user.click(save);
    expect(await screen.findByTestId("model-profile")).toHaveTextContent("Llama");
    const post = fetch.mock.calls.find(
      ([url, init]) => url === "/api/model-profiles" && init?.method === "POST",
    );
    expect(JSON.parse(String(post?.[1]?.body))).toEqual({
      name: "Llama",
      provider: "openai",
      baseUrl: "http://localhost:11434/v1",
      model: "llama3.2",
      apiKey: null,
    });
  });

  it("shows the server's reason when a profile is not saved", async () => {
    const user = userEvent.setup();
    mockFetch((url, init) => {
      if (url === "/api/model-profiles" && init?.method === "POST")
        return jsonResponse(
          { error: "This profile was not saved: Could not reach http://x", code: "model_unusable" },
          422,
        );
      if (url === "/api/model-profiles") return jsonResponse({ profiles: [] });
      return undefined;
    });
    renderWithProviders(<ModelProfilesCard />);
    await user.click(await screen.findByRole("button", { name: "Add profile" }));
    await user.type(screen.getByLabelText("Profile name"), "X");
    await user.click(screen.getByRole("button", { name: "Test and save profile" }));
    expect(await screen.findByTestId("profile-error")).toHaveTextContent(
      "This profile was not saved: Could not reach http://x",
    );
  });

  it("makes a profile the default and deletes one", async () => {
    const user = userEvent.setup();
    let profiles = [
      profile(),
      profile({
        id: "mp2",
        name: "Claude",
        provider: "anthropic",
        baseUrl: null,
        isDefault: false,
      }),
    ];
    const fetch = mockFetch((url, init) => {
      if (url === "/api/model-profiles/mp2" && init?.method === "PUT") {
        profiles = profiles.map((p) => ({ ...p, isDefault: p.id === "mp2" }));
        return jsonResponse(profiles[1]);
      }
      if (url === "/api/model-profiles/mp1" && init?.method === "DELETE") {
        profiles = profiles.filter((p) => p.id !== "mp1");
        return jsonResponse(null, 204);
      }
      if (url === "/api/model-profiles") return jsonResponse({ profiles });
      return jsonResponse({}, 200);
    });
    renderWithProviders(<ModelProfilesCard />);
    const rows = await screen.findAllByTestId("model-profile");
    expect(rows[0]).toHaveTextContent("Default");
    expect(within(rows[0]).queryByRole("button", { name: "Make default" })).toBeNull();
    await user.click(within(rows[1]).getByRole("button", { name: "Make default" }));
    await waitFor(() =>
      expect(
        within(screen.getAllByTestId("model-profile")[1]).getByText("Default"),
      ).toBeInTheDocument(),
    );
    const put = fetch.mock.calls.find(
      ([url, init]) => url === "/api/model-profiles/mp2" && init?.method === "PUT",
    );
    expect(JSON.parse(String(put?.[1]?.body))).toEqual({ isDefault: true });

    await user.click(screen.getByRole("button", { name: "Delete profile GPT" }));
    await user.click(await screen.findByRole("button", { name: "Delete" }));
    await waitFor(() => expect(screen.getAllByTestId("model-profile")).toHaveLength(1));
  });

  it("sends no key when none is typed, and no base URL for a local model", () => {
    expect(
      toProfileInput(" A ", {
        provider: "local",
        baseUrl: "http://x",
        model: "m.gguf",
        apiKey: " ",
      }),
    ).toEqual({
      name: "A",
      provider: "local",
      baseUrl: null,
      model: "m.gguf",
      apiKey: null,
    });
  });
});
