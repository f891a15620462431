import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import type { ModelProfile } from "@/lib/api-types";
import { HttpResponse } from "msw";
import { api } from "@/test/handlers/api";
import { renderWithProviders } from "@/test/render";
import { server } from "@/test/server";
import { ParticipantModels } from "./participant-models";

const profile = (over: Partial<ModelProfile>): ModelProfile => ({
  id: "mp1",
  name: "GPT",
  provider: "openai",
  baseUrl: null,
  model: "gpt-4o-mini",
  apiKeySet: true,
  isDefault: false,
  ...over,
});

const PEOPLE = [
  { id: "p1", name: "Sarah" },
  { id: "p2", name: "Marcus" },
  { id: "p3", name: "Elena" },
];

function Harness({ onValue }: { onValue: (v: Record<string, string>) => void }) {
  const [value, setValue] = useState<Record<string, string>>({});
  return (
    <ParticipantModels
      participants={PEOPLE}
      value={value}
      onChange={(v) => {
        setValue(v);
        onValue(v);
      }}
    />
  );
}

describe("ParticipantModels", () => {
  it("is hidden while no profile exists", async () => {
    const { client } = renderWithProviders(<Harness onValue={() => {}} />);
    await waitFor(() => expect(client.getQueryState(["model-profiles"])?.status).toBe("success"));
    expect(screen.queryByTestId("participant-models")).toBeNull();
    expect(screen.queryByRole("combobox")).toBeNull();
  });

  it("picks a model per participant and spreads the panel across the ticked profiles", async () => {
    const user = userEvent.setup();
    server.use(
      api.get("/api/model-profiles", () =>
        HttpResponse.json({
          profiles: [profile({}), profile({ id: "mp2", name: "Claude", model: "claude-haiku" })],
        }),
      ),
    );
    const seen: Record<string, string>[] = [];
    renderWithProviders(<Harness onValue={(v) => seen.push(v)} />);
    const marcus = await screen.findByRole("combobox", { name: "Model for Marcus" });
    expect(screen.getAllByTestId("participant-model-row")).toHaveLength(3);
    await user.selectOptions(marcus, "Claude (claude-haiku)");
    expect(seen.at(-1)).toEqual({ p2: "mp2" });

    const spread = screen.getByRole("button", { name: "Spread the panel across these profiles" });
    expect(spread).toBeDisabled();
    await user.click(screen.getByRole("checkbox", { name: "GPT (gpt-4o-mini)" }));
    await user.click(screen.getByRole("checkbox", { name: "Claude (claude-haiku)" }));
    await user.click(spread);
    expect(seen.at(-1)).toEqual({ p1: "mp1", p2: "mp2", p3: "mp1" });
    expect(screen.getByRole("combobox", { name: "Model for Elena" })).toHaveValue("mp1");
  });

  it("says so when the profiles cannot be loaded", async () => {
    server.use(
      api.get("/api/model-profiles", () => HttpResponse.json({ error: "down" }, { status: 500 })),
    );
    renderWithProviders(<Harness onValue={() => {}} />);
    expect(await screen.findByRole("alert")).toHaveTextContent("Could not load the model profiles");
  });
});
