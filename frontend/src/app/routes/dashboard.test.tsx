import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { SessionSummary } from "@/lib/api-types";
import { HttpResponse, type RequestHandler } from "msw";
import { api } from "@/test/handlers/api";
import { renderRoutes } from "@/test/render";
import { pathOf, recordRequests } from "@/test/requests";
import { server } from "@/test/server";
import { DashboardPage } from "./dashboard";

const now = Date.now();
const daysAgo = (n: number) => new Date(now - n * 86_400_000).toISOString();

function summary(overrides: Partial<SessionSummary>): SessionSummary {
  return {
    id: "s1",
    name: "Session",
    description: "",
    source: "simulated",
    kind: "group",
    status: "completed",
    createdAt: daysAgo(1),
    completedAt: null,
    participantCount: 3,
    messageCount: 10,
    sentimentCounts: { positive: 0, neutral: 0, negative: 0 },
    ...overrides,
  };
}

const SESSIONS = [
  summary({
    id: "s1",
    name: "Packaging test",
    status: "completed",
    sentimentCounts: { positive: 6, neutral: 2, negative: 2 },
  }),
  summary({
    id: "s2",
    name: "Brand perception",
    status: "in-progress",
    createdAt: daysAgo(10),
    participantCount: 5,
  }),
  summary({ id: "s3", name: "Old draft", status: "draft", createdAt: daysAgo(60) }),
];

function Probe({ text }: { text: string }) {
  return <p>{text}</p>;
}

/** The server's paged list, as a fake: search, status and date filters, pages of `pageSize`. */
function sessionPage(list: SessionSummary[], url: string, pageSize: number) {
  const query = new URL(url, "http://x").searchParams;
  const q = (query.get("q") ?? "").toLowerCase();
  const status = query.get("status");
  const after = query.get("createdAfter");
  const kept = list.filter(
    (s) =>
      s.name.toLowerCase().includes(q) &&
      (!status || s.status === status) &&
      (!after || Date.parse(s.createdAt) >= Date.parse(after)),
  );
  const start = Number(query.get("cursor") ?? 0);
  const end = start + pageSize;
  return {
    items: kept.slice(start, end),
    nextCursor: end < kept.length ? String(end) : null,
    total: kept.length,
  };
}

function stats(list: SessionSummary[]) {
  const sum = (k: "positive" | "neutral" | "negative") =>
    list.reduce((n, s) => n + s.sentimentCounts[k], 0);
  return {
    totalSessions: list.length,
    completedSessions: list.filter((s) => s.status === "completed").length,
    totalPersonas: 2,
    thisWeek: list.filter((s) => Date.parse(s.createdAt) >= now - 7 * 86_400_000).length,
    sentimentCounts: {
      positive: sum("positive"),
      neutral: sum("neutral"),
      negative: sum("negative"),
    },
  };
}

function renderDashboard(sessions: SessionSummary[], extra: RequestHandler[] = [], pageSize = 50) {
  let list = [...sessions];
  server.use(
    ...extra,
    api.get("/api/sessions/page", ({ request }) =>
      HttpResponse.json(sessionPage(list, request.url, pageSize)),
    ),
    api.get("/api/sessions/stats", () => HttpResponse.json(stats(list))),
    api.delete("/api/sessions/{session_id}", ({ params }) => {
      list = list.filter((s) => s.id !== params.session_id);
      return new HttpResponse(null, { status: 204 });
    }),
  );
  const requests = recordRequests();
  const rendered = renderRoutes(
    [
      { path: "/dashboard", element: <DashboardPage /> },
      { path: "/session/:id", element: <Probe text="live session page" /> },
    ],
    "/dashboard",
  );
  return { ...rendered, requests };
}

describe("DashboardPage", () => {
  it("shows the heading, the demo button and the empty state", async () => {
    renderDashboard([]);
    expect(screen.getByRole("heading", { name: "AI Focus Groups" })).toBeInTheDocument();
    expect(screen.getByText("AI-Powered Consumer Research")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Try Demo Session" })).toHaveAttribute(
      "href",
      "/demo-session",
    );
    expect(screen.getByText("See a complete focus group in action")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Create New Session" })).toHaveAttribute(
      "href",
      "/create-session",
    );
    expect(
      await screen.findByText("No sessions yet. Create your first session or try our demo!"),
    ).toBeInTheDocument();
    expect(
      within(screen.getByRole("group", { name: "Total Sessions" })).getByText("0 completed"),
    ).toBeInTheDocument();
    expect(
      within(screen.getByRole("group", { name: "Avg Sentiment" })).getByText("0.0"),
    ).toBeInTheDocument();
  });

  it("shows the summary cards and the table", async () => {
    renderDashboard(SESSIONS);
    const rows = await screen.findAllByTestId("session-row");
    expect(rows).toHaveLength(3);
    const total = screen.getByRole("group", { name: "Total Sessions" });
    expect(within(total).getByText("3")).toBeInTheDocument();
    expect(within(total).getByText("1 completed")).toBeInTheDocument();
    const personas = screen.getByRole("group", { name: "Total Personas" });
    expect(await within(personas).findByText("2")).toBeInTheDocument();
    expect(within(personas).getByText("Ready to use")).toBeInTheDocument();
    expect(
      within(screen.getByRole("group", { name: "This Week" })).getByText("1"),
    ).toBeInTheDocument();
    const sentiment = screen.getByRole("group", { name: "Avg Sentiment" });
    expect(within(sentiment).getByText("+0.4")).toBeInTheDocument();
    expect(within(sentiment).getByText("Positive")).toBeInTheDocument();

    const headers = screen.getAllByRole("columnheader").map((h) => h.textContent);
    expect(headers).toEqual(["Session Name", "Date", "Participants", "Status", "Cost", "Actions"]);
    expect(within(rows[0]).getByRole("link", { name: "View Results" })).toHaveAttribute(
      "href",
      "/session/s1/results",
    );
    expect(within(rows[1]).queryByRole("link", { name: "View Results" })).not.toBeInTheDocument();
    expect(within(rows[1]).getByText("In Progress")).toBeInTheDocument();
    expect(within(rows[1]).getByText("5")).toBeInTheDocument();
  });

  it("combines search and status filters and shows the no-match state", async () => {
    const user = userEvent.setup();
    renderDashboard(SESSIONS);
    await screen.findAllByTestId("session-row");
    await user.type(screen.getByPlaceholderText("Search sessions..."), "PACKAGING");
    await waitFor(() => expect(screen.getAllByTestId("session-row")).toHaveLength(1));
    await user.click(screen.getByRole("combobox", { name: "Status filter" }));
    await user.click(await screen.findByRole("option", { name: "Draft" }));
    expect(await screen.findByText("No sessions match your filters.")).toBeInTheDocument();
    expect(screen.queryAllByTestId("session-row")).toHaveLength(0);
    await user.clear(screen.getByPlaceholderText("Search sessions..."));
    expect(await screen.findByText("Old draft")).toBeInTheDocument();
    expect(screen.getAllByTestId("session-row")).toHaveLength(1);
  });

  it("asks the server for the filters and the date window", async () => {
    const user = userEvent.setup();
    const { requests } = renderDashboard(SESSIONS);
    await screen.findAllByTestId("session-row");
    await user.click(screen.getByRole("combobox", { name: "Date filter" }));
    await user.click(await screen.findByRole("option", { name: "Last 7 Days" }));
    await waitFor(() => expect(screen.getAllByTestId("session-row")).toHaveLength(1));
    const asked = requests.map(pathOf).filter((u) => u.includes("createdAfter"));
    const after = Date.parse(new URL(asked[0], "http://x").searchParams.get("createdAfter") ?? "");
    expect(Math.abs(after - (Date.now() - 7 * 86_400_000))).toBeLessThan(60_000);
  });

  it("loads the next page on demand and says how many are shown", async () => {
    const user = userEvent.setup();
    renderDashboard(SESSIONS, undefined, 2);
    expect(await screen.findAllByTestId("session-row")).toHaveLength(2);
    expect(screen.getByText("Showing 2 of 3 sessions")).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Load more" }));
    await waitFor(() => expect(screen.getAllByTestId("session-row")).toHaveLength(3));
    expect(screen.getByText("Showing 3 of 3 sessions")).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Load more" })).not.toBeInTheDocument();
  });

  it("deletes a session after confirmation", async () => {
    const user = userEvent.setup();
    renderDashboard(SESSIONS);
    const rows = await screen.findAllByTestId("session-row");
    await user.click(within(rows[1]).getByRole("button", { name: "Delete session" }));
    // The confirmation's code loads on first use.
    const dialog = await screen.findByRole(
      "alertdialog",
      { name: "Delete Session?" },
      { timeout: 10_000 },
    );
    expect(
      within(dialog).getByText(
        "This action cannot be undone. This will permanently delete the session and all its data.",
      ),
    ).toBeInTheDocument();
    await user.click(within(dialog).getByRole("button", { name: "Delete" }));
    expect(await screen.findByText("Session deleted", {}, { timeout: 10_000 })).toBeInTheDocument();
    await waitFor(() => expect(screen.getAllByTestId("session-row")).toHaveLength(2));
    expect(screen.queryByText("Brand perception")).not.toBeInTheDocument();
  });

  it("duplicates a session and opens the copy", async () => {
    const user = userEvent.setup();
    const { router, requests } = renderDashboard(SESSIONS, [
      api.post("/api/sessions/{session_id}/duplicate", () =>
        HttpResponse.json({ id: "s9", name: "Packaging test (Copy)" }, { status: 201 }),
      ),
    ]);
    const rows = await screen.findAllByTestId("session-row");
    await user.click(within(rows[0]).getByRole("button", { name: "Duplicate session" }));
    expect(await screen.findByText("live session page")).toBeInTheDocument();
    expect(router.state.location.pathname).toBe("/session/s9");
    expect(requests.map((r) => `${r.method} ${pathOf(r)}`)).toContain(
      "POST /api/sessions/s1/duplicate",
    );
  });

  it("shows an error with a retry", async () => {
    let fail = true;
    const user = userEvent.setup();
    renderDashboard(SESSIONS, [
      api.get("/api/sessions/page", () =>
        fail ? HttpResponse.json({ error: "Database unavailable" }, { status: 503 }) : undefined,
      ),
    ]);
    expect(await screen.findByText("Database unavailable")).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole("button", { name: "Retry" }));
    expect(await screen.findAllByTestId("session-row")).toHaveLength(3);
  });
});
