import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { LibraryAudit, PersonaAudit } from "@/lib/api-types";
import {
  jsonResponse,
  makePersona,
  mockFetch,
  renderRoutes,
  renderWithProviders,
} from "@/test/render";
import { FidelityPage } from "./fidelity";
import { PersonaAuditPanel } from "@/components/persona-audit";

const traits = {
  openness: 80,
  conscientiousness: 60,
  extraversion: 40,
  agreeableness: 70,
  neuroticism: 30,
};

function library(running = false): LibraryAudit {
  const stat = { r: 0.62, mae: 14.2, n: 2 };
  return {
    traits: {
      openness: stat,
      conscientiousness: stat,
      extraversion: stat,
      agreeableness: stat,
      neuroticism: { r: null, mae: null, n: 0 },
    },
    meanR: 0.62,
    audited: 3,
    notEngaging: 1,
    anchors: [
      { label: "GPT-4o, Huang et al. 2024", r: 0.9 },
      { label: "People, two different instruments", r: 0.8 },
    ],
    audits: [],
    models: ["SmolLM2-135M-Instruct"],
    job: {
      running,
      total: 10,
      done: running ? 4 : 10,
      failed: 0,
      errors: [],
      startedAt: null,
      finishedAt: null,
    },
  };
}

describe("FidelityPage", () => {
  it("shows r per trait beside the published anchors and the model", async () => {
    mockFetch((url) => (url === "/api/personas/audit" ? jsonResponse(library()) : undefined));
    renderRoutes([{ path: "/fidelity", element: <FidelityPage /> }], "/fidelity");
    expect(await screen.findByTestId("library-mean-r")).toHaveTextContent("mean r = 0.62");
    expect(screen.getByText(/This library \(SmolLM2-135M-Instruct\)/)).toBeInTheDocument();
    expect(screen.getByText("r = 0.90")).toBeInTheDocument();
    expect(screen.getByText("r = 0.80")).toBeInTheDocument();
    expect(
      within(screen.getByTestId("fidelity-openness")).getByText(/r = 0.62 · off by 14.2 points/),
    ).toBeInTheDocument();
    expect(
      within(screen.getByTestId("fidelity-neuroticism")).getByText(/not enough data/),
    ).toBeInTheDocument();
    expect(screen.getByText(/1 gave the same answer to every item/)).toBeInTheDocument();
  });

  it("starts a library audit and shows its progress", async () => {
    const user = userEvent.setup();
    let running = false;
    const fetch = mockFetch((url, init) => {
      if (url === "/api/personas/audit" && init?.method === "POST") {
        running = true;
        return jsonResponse(library(true).job, 202);
      }
      if (url === "/api/personas/audit") return jsonResponse(library(running));
      return undefined;
    });
    renderRoutes([{ path: "/fidelity", element: <FidelityPage /> }], "/fidelity");
    await user.click(await screen.findByRole("button", { name: "Audit whole library" }));
    expect(await screen.findByText("Auditing personas: 4 of 10 done")).toBeInTheDocument();
    expect(screen.getByRole("progressbar", { name: "Library audit progress" })).toHaveAttribute(
      "aria-valuenow",
      "40",
    );
    expect(fetch.mock.calls.some(([, init]) => init?.method === "POST")).toBe(true);
  });
});

describe("PersonaAuditPanel", () => {
  it("runs the audit and shows assigned vs measured", async () => {
    const user = userEvent.setup();
    const audit: PersonaAudit = {
      id: "a1",
      personaId: "p1",
      assigned: traits,
      measured: { ...traits, openness: 55.5, neuroticism: 50 },
      items: [],
      engaging: false,
      answered: 50,
      model: "SmolLM2-135M-Instruct",
      createdAt: "2025-01-01T00:00:00Z",
    };
    mockFetch((url, init) => {
      if (url === "/api/personas/p1/audit" && init?.method === "POST")
        return jsonResponse(audit, 201);
      if (url === "/api/personas/p1/audit") return jsonResponse(null);
      if (url === "/api/personas/audit") return jsonResponse(library());
      return undefined;
    });
    renderWithProviders(<PersonaAuditPanel persona={makePersona({ traits })} />);
    expect(await screen.findByText("Not audited yet.")).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Run audit" }));
    await waitFor(() => expect(screen.getByTestId("measured-openness")).toHaveTextContent("56"));
    expect(screen.getByRole("row", { name: /Neuroticism 30 50 \+20/ })).toBeInTheDocument();
    expect(screen.getByText(/did not engage with the questionnaire/)).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Audit again" })).toBeInTheDocument();
  });
});
