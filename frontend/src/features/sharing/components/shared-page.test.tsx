import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { HttpResponse } from "msw";
import { api } from "@/test/handlers/api";
import { recordRequests } from "@/test/requests";
import { server } from "@/test/server";
import { renderWithProviders } from "@/test/render";
import { SharedPage } from "./shared-page";

const TOKEN = "cqs_secret";
const INFO = { kind: "session", resourceId: "s1", expiresAt: "2026-12-12T09:00:00Z" };
const MESSAGE = {
  id: "m1",
  speaker: "Maya Green",
  content: "I would buy the solar kettle.",
  timestamp: "2026-11-28T09:00:00Z",
  personaId: "p1",
  questionIndex: 0,
  round: 0,
  kind: "answer",
};

describe("SharedPage", () => {
  it("shows a shared session read-only, every call with the link's secret", async () => {
    server.use(
      api.get("/api/share", () => HttpResponse.json(INFO)),
      api.get("/api/sessions/{session_id}", () =>
        HttpResponse.json({
          id: "s1",
          name: "Kettle talk",
          description: "",
          participants: [{ id: "p1", name: "Maya Green" }],
          insights: {
            summary: "People like the kettle.",
            keyThemes: [{ theme: "Price", description: "", frequency: 2 }],
          },
        }),
      ),
      api.get("/api/sessions/{session_id}/messages", () =>
        HttpResponse.json({ items: [MESSAGE], nextCursor: null, total: 1 }),
      ),
      api.get("/api/sessions/{session_id}/health", () =>
        HttpResponse.json({ error: "x", errors: ["x"], code: "not_found" }, { status: 404 }),
      ),
    );
    const requests = recordRequests();
    renderWithProviders(<SharedPage token={TOKEN} />);
    expect(screen.getByText("Shared read-only view")).toBeInTheDocument();
    // Waits longer than the default second: a loaded 2-core machine runs many test files.
    const slow = { timeout: 10_000 };
    expect(await screen.findByRole("heading", { name: "Kettle talk" }, slow)).toBeInTheDocument();
    expect(await screen.findByText("I would buy the solar kettle.", {}, slow)).toBeInTheDocument();
    expect(screen.getByText("1 of 1 messages")).toBeInTheDocument();
    expect(screen.getByText("People like the kettle.")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "PDF report" })).toBeInTheDocument();
    expect(screen.queryByRole("navigation")).toBeNull();
    await waitFor(() => expect(requests.length).toBeGreaterThanOrEqual(3));
    expect(requests.every((r) => r.headers.get("authorization") === `Bearer ${TOKEN}`)).toBe(true);
  });

  it("says the link no longer works when it expired or was revoked", async () => {
    server.use(
      api.get("/api/share", () =>
        HttpResponse.json(
          {
            error: "This share link has expired or was revoked",
            errors: ["This share link has expired or was revoked"],
            code: "share_link_gone",
          },
          { status: 404 },
        ),
      ),
    );
    renderWithProviders(<SharedPage token={TOKEN} />);
    expect(await screen.findByRole("heading", { name: "This link does not work" })).toBeVisible();
    expect(screen.getByRole("alert")).toHaveTextContent(
      "This share link has expired or was revoked",
    );
  });

  it("shows a shared survey's results and downloads an export with the secret", async () => {
    server.use(
      api.get("/api/share", () => HttpResponse.json({ ...INFO, kind: "survey", resourceId: "v1" })),
      api.get("/api/surveys/{survey_id}", () =>
        HttpResponse.json({
          id: "v1",
          name: "Kettle survey",
          respondentCount: 2,
          conceptCount: 1,
          questionCount: 1,
          evidenceMix: "0 of 2 respondents are grounded in evidence",
          concepts: [{ id: "c1", type: "text", title: "Solar kettle", content: "" }],
          questions: [
            { id: "q1", text: "Would you buy it?", scale: "x", scaleLabel: "", points: 5 },
          ],
        }),
      ),
      api.get("/api/surveys/{survey_id}/results", () =>
        HttpResponse.json({
          results: [
            {
              conceptId: "c1",
              questionId: "q1",
              n: 2,
              ssr: { n: 2, pmf: [], mean: 3.5, ci: [], top2: 0.5, top2_ci: [] },
            },
          ],
        }),
      ),
      api.get("/api/surveys/{survey_id}/export.csv", () =>
        HttpResponse.text("a,b\n", {
          headers: { "content-disposition": 'attachment; filename="survey-v1.csv"' },
        }),
      ),
    );
    const created = vi.fn(() => "blob:x");
    URL.createObjectURL = created;
    URL.revokeObjectURL = vi.fn();
    const requests = recordRequests();
    renderWithProviders(<SharedPage token={TOKEN} />);
    expect(await screen.findByRole("cell", { name: "Solar kettle" })).toBeInTheDocument();
    expect(screen.getByRole("cell", { name: "3.50 / 5" })).toBeInTheDocument();
    expect(screen.getByRole("cell", { name: "50%" })).toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "CSV" }));
    await waitFor(() => expect(created).toHaveBeenCalled());
    const download = requests.find((r) => r.url.endsWith("/export.csv"))!;
    expect(download.headers.get("authorization")).toBe(`Bearer ${TOKEN}`);
  });
});
