import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { Session } from "@/lib/api-types";
import { HttpResponse } from "msw";
import { api } from "@/test/handlers/api";
import { renderRoutes } from "@/test/render";
import { recordCalls } from "@/test/requests";
import { server } from "@/test/server";
import { transcriptPages } from "@/test/handlers/transcript";
import {
  analytics,
  insights,
  makeSession,
  message,
  headerOf,
} from "@/features/results/test/fixtures";
import { SessionResultsPage } from "./session-results";

function renderResults(
  session: Session | null,
  path = "/session/s1/results",
  header = session && headerOf(session),
) {
  server.use(
    api.get("/api/sessions/{session_id}/header", () =>
      header
        ? HttpResponse.json(header)
        : HttpResponse.json(
            { error: "Session not found", errors: ["Session not found"] },
            { status: 404 },
          ),
    ),
    api.get("/api/sessions/{session_id}/analytics", () => HttpResponse.json(analytics)),
    api.post("/api/sessions/{session_id}/insights", () => HttpResponse.json(insights)),
    transcriptPages(session?.messages ?? []),
  );
  const calls = recordCalls();
  const utils = renderRoutes(
    [
      { path: "/session/:id/results", element: <SessionResultsPage /> },
      { path: "/dashboard", element: <p>dashboard page</p> },
    ],
    path,
  );
  return { calls, ...utils };
}

const transcript = () => within(screen.getByRole("list", { name: "Transcript" }));

describe("SessionResultsPage", () => {
  it("shows 'Session not found' with a way back for an unknown session", async () => {
    const user = userEvent.setup();
    renderResults(null, "/session/nope/results");
    expect(await screen.findByRole("heading", { name: "Session not found" })).toBeInTheDocument();
    expect(
      screen.getByText("This session may have been deleted or doesn't exist."),
    ).toBeInTheDocument();
    await user.click(screen.getByRole("link", { name: "Return to Dashboard" }));
    expect(await screen.findByText("dashboard page")).toBeInTheDocument();
  });

  it("reads the session's header and its transcript in pages, never the whole session", async () => {
    // A long session: the header says 1,234 messages; no route gives them all at once.
    const session = makeSession();
    const { calls } = renderResults(session, undefined, {
      ...headerOf(session),
      messageCount: 1234,
    });
    expect(await screen.findByTestId("stat-messages")).toHaveTextContent("1234");
    await screen.findByRole("list", { name: "Transcript" });
    const urls = calls.map((c) => c.url.split("?")[0]);
    expect(urls).toContain("/api/sessions/s1/header");
    expect(urls).toContain("/api/sessions/s1/messages");
    expect(urls).not.toContain("/api/sessions/s1");
  });

  it("shows the header, the stats and the transcript", async () => {
    renderResults(makeSession());
    expect(screen.getByLabelText("Loading session results")).toBeInTheDocument();
    expect(await screen.findByRole("heading", { name: "Snack Study" })).toBeInTheDocument();
    expect(screen.getByText("Reactions to a lentil snack")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Back to Dashboard" })).toHaveAttribute(
      "href",
      "/dashboard",
    );
    expect(screen.getByTestId("stat-participants")).toHaveTextContent("3");
    expect(screen.getByTestId("stat-messages")).toHaveTextContent("5");
    expect(screen.getByTestId("stat-duration")).toHaveTextContent("12 min");
    expect(screen.getByTestId("stat-date")).toHaveTextContent("2025");

    await screen.findByRole("list", { name: "Transcript" }); // its first page
    const rows = transcript().getAllByTestId("transcript-message");
    expect(rows).toHaveLength(5);
    expect(rows[0]).toHaveAttribute("data-moderator", "true");
    expect(rows[1]).not.toHaveAttribute("data-moderator");
    expect(within(rows[1]).getByRole("img", { name: "Positive sentiment" })).toHaveTextContent(
      "😊",
    );
    expect(within(rows[0]).queryByTestId("sentiment-emoji")).toBeNull();
  });

  it("shows duration 0 for a session that is not completed", async () => {
    renderResults(makeSession({ status: "in-progress", completedAt: null }));
    expect(await screen.findByTestId("stat-duration")).toHaveTextContent("0 min");
  });

  it(
    "searches content and speaker, filters by participant, and shows 'No messages found'",
    { timeout: 15_000 },
    async () => {
      const user = userEvent.setup();
      renderResults(makeSession());
      const search = await screen.findByPlaceholderText("Search transcript...");

      // The search and the participant filter run on the server (typing is debounced).
      await user.click(search);
      await user.paste("PRICE");
      expect(
        await screen.findByText("2 of 5 messages", undefined, { timeout: 5000 }),
      ).toBeInTheDocument();
      expect(transcript().getAllByTestId("transcript-message")).toHaveLength(2);

      await user.clear(search);
      await user.paste("marcus");
      expect(
        await screen.findByText("1 of 5 messages", undefined, { timeout: 5000 }),
      ).toBeInTheDocument();
      expect(transcript().getAllByTestId("transcript-message")).toHaveLength(1);

      await user.clear(search);
      await user.click(screen.getByRole("combobox", { name: "Filter by participant" }));
      expect(screen.getByRole("option", { name: "All Participants" })).toBeInTheDocument();
      await user.click(screen.getByRole("option", { name: "Sarah Chen" }));
      await waitFor(() =>
        expect(
          transcript()
            .getAllByTestId("transcript-message")
            .map((r) => r.getAttribute("data-speaker")),
        ).toEqual(["Sarah Chen", "Sarah Chen"]),
      );

      await user.click(search);
      await user.paste("expensive");
      expect(
        await screen.findByText("No messages found", undefined, { timeout: 5000 }),
      ).toBeInTheDocument();
    },
  );

  it("switches tabs with the keyboard", async () => {
    const user = userEvent.setup();
    renderResults(makeSession());
    const first = await screen.findByRole("tab", { name: "Transcript" });
    expect(screen.getAllByRole("tab").map((t) => t.textContent)).toEqual([
      "Transcript",
      "Analytics",
      "AI Insights",
      "Health",
      "Participants",
      "Export",
    ]);
    // Wait for the transcript's data: a re-render on its arrival would take the focus away.
    await screen.findByRole("list", { name: "Transcript" });
    await user.click(first);
    await user.keyboard("{ArrowRight}");
    // Radix moves the focus on the next tick; automatic activation follows the focus.
    await waitFor(() =>
      expect(screen.getByRole("tab", { name: "Analytics" })).toHaveAttribute(
        "aria-selected",
        "true",
      ),
    );
    expect(screen.getByRole("tab", { name: "Analytics" })).toHaveFocus();
    expect(await screen.findByRole("heading", { name: "Word Cloud" })).toBeInTheDocument();
  });

  it(
    "shows the analytics: word cloud, quotes, diversity and patterns",
    { timeout: 20_000 },
    async () => {
      renderResults(makeSession(), "/session/s1/results?tab=analytics");
      const cloud = await screen.findByTestId("word-cloud");
      expect(within(cloud).getByText("price")).toHaveStyle({ fontSize: "32px" });
      expect(within(cloud).getByText("taste")).toHaveStyle({ fontSize: "18px" });
      const quote = screen.getByTestId("quote");
      expect(quote).toHaveTextContent("Too expensive, a bad deal for a small bag.");
      expect(quote).toHaveTextContent("Marcus Johnson");
      expect(within(quote).getByRole("img", { name: "Negative sentiment" })).toBeInTheDocument();
      const diversity = screen.getByTestId("diversity");
      expect(within(diversity).getByTestId("diversity-score")).toHaveTextContent("45/100");
      expect(diversity).toHaveTextContent("Moderate");
      expect(
        within(diversity).getByRole("meter", { name: "Agreeableness diversity" }),
      ).toHaveAttribute("aria-valuenow", "12");
      expect(diversity).toHaveTextContent("Low agreeableness diversity (12%)");
      const patterns = screen.getByTestId("trait-patterns");
      expect(patterns).toHaveTextContent("Sarah Chen · High");
      expect(patterns).toHaveTextContent("Marcus Johnson · Low");
      expect(patterns).toHaveTextContent("No strong pattern");
      // Recharts is loaded lazily with the tab.
      expect(
        await screen.findByTestId("sentiment-chart", {}, { timeout: 10_000 }),
      ).toBeInTheDocument();
      expect(
        await screen.findByTestId("participation-chart", {}, { timeout: 10_000 }),
      ).toBeInTheDocument();
      expect(screen.queryByText(/The chart could not be loaded/)).toBeNull();
    },
  );

  it("generates insights with 'Analyzing...', the success toast and the product's badges", async () => {
    const user = userEvent.setup();
    const { calls } = renderResults(makeSession(), "/session/s1/results?tab=insights");
    await user.click(await screen.findByRole("button", { name: "Generate Insights" }));
    expect(await screen.findByText("Analysis complete")).toBeInTheDocument();
    expect(
      screen.getByText("Session insights have been generated successfully."),
    ).toBeInTheDocument();
    expect(calls).toContainEqual(
      expect.objectContaining({ method: "POST", url: "/api/sessions/s1/insights" }),
    );

    expect(screen.getByText("Participants like the taste but split on price.")).toBeInTheDocument();
    expect(screen.getByTestId("overall-sentiment")).toHaveTextContent("Positive overall");
    expect(screen.getByRole("meter", { name: "Positive answers" })).toHaveAttribute(
      "aria-valuenow",
      "50",
    );
    expect(screen.getByTestId("theme")).toHaveTextContent("Price");
    expect(screen.getByTestId("theme")).toHaveTextContent("3 mentions");
    const badges = screen
      .getAllByTestId("recommendation")
      .map((r) => within(r).getByText(/priority$/));
    expect(badges.map((b) => b.textContent)).toEqual([
      "High priority",
      "Medium priority",
      "Low priority",
    ]);
    expect(badges[0]).toHaveClass("bg-destructive");
    expect(badges[1]).toHaveClass("bg-primary");
    expect(badges[2]).toHaveClass("bg-secondary");
    expect(screen.getByText(/Written by fake-model/)).toBeInTheDocument();
    expect(screen.getByTestId("insights-caveat")).toHaveTextContent("simulated participants");
    expect(screen.getByRole("button", { name: "Regenerate Analysis" })).toBeEnabled();
  });

  it("shows 'Analyzing...' while the model works", async () => {
    const user = userEvent.setup();
    let release: (r: Response) => void = () => {};
    server.use(
      api.get("/api/sessions/{session_id}/header", () =>
        HttpResponse.json(headerOf(makeSession({ insights }))),
      ),
      api.get("/api/sessions/{session_id}/analytics", () => HttpResponse.json(analytics)),
      api.post(
        "/api/sessions/{session_id}/insights",
        () => new Promise<Response>((resolve) => (release = resolve)),
      ),
    );
    renderRoutes(
      [{ path: "/session/:id/results", element: <SessionResultsPage /> }],
      "/session/s1/results?tab=insights",
    );
    await user.click(await screen.findByRole("button", { name: "Regenerate Analysis" }));
    expect(await screen.findByRole("button", { name: "Analyzing..." })).toBeDisabled();
    release(HttpResponse.json({ ...insights, summary: "A fresh summary." }));
    expect(await screen.findByText("A fresh summary.")).toBeInTheDocument();
  });

  it("reports a failed analysis with the server's message", async () => {
    const user = userEvent.setup();
    server.use(
      api.get("/api/sessions/{session_id}/header", () =>
        HttpResponse.json(headerOf(makeSession())),
      ),
      api.get("/api/sessions/{session_id}/analytics", () => HttpResponse.json(analytics)),
      api.post("/api/sessions/{session_id}/insights", () =>
        HttpResponse.json({ error: "The model is unavailable" }, { status: 502 }),
      ),
    );
    renderRoutes(
      [{ path: "/session/:id/results", element: <SessionResultsPage /> }],
      "/session/s1/results?tab=insights",
    );
    await user.click(await screen.findByRole("button", { name: "Generate Insights" }));
    expect(await screen.findByText("Analysis failed")).toBeInTheDocument();
    expect(screen.getByText("The model is unavailable")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Generate Insights" })).toBeEnabled();
  });

  it("says 'No data to analyze' for a session without answers, without calling the model", async () => {
    const user = userEvent.setup();
    const { calls } = renderResults(
      makeSession({ messages: [message({ speaker: "Moderator", content: "Hello?" })] }),
      "/session/s1/results?tab=insights",
    );
    await user.click(await screen.findByRole("button", { name: "Generate Insights" }));
    expect(await screen.findByText("No data to analyze")).toBeInTheDocument();
    expect(screen.getByText("This session has no messages to analyze.")).toBeInTheDocument();
    expect(calls.map((c) => c.url)).not.toContain("/api/sessions/s1/insights");
  });

  it("lists the participants with their details and response counts", async () => {
    renderResults(makeSession(), "/session/s1/results?tab=participants");
    const sarah = await screen.findByRole("article", { name: "Sarah Chen" });
    expect(sarah).toHaveTextContent("34 · Female");
    expect(sarah).toHaveTextContent("San Francisco, CA");
    expect(sarah).toHaveTextContent("$100k+");
    expect(within(sarah).getByTestId("response-count")).toHaveTextContent("2");
    expect(within(sarah).getAllByRole("meter")).toHaveLength(5);
    expect(within(sarah).getByText("Yoga")).toBeInTheDocument();
    expect(
      within(screen.getByRole("article", { name: "Marcus Johnson" })).getByTestId("response-count"),
    ).toHaveTextContent("1");
  });

  it("offers the downloads on the Export tab and in the Export menu", async () => {
    const user = userEvent.setup();
    renderResults(makeSession(), "/session/s1/results?tab=export");
    const csv = await screen.findByRole("link", { name: "Download CSV Report" });
    expect(csv).toHaveAttribute("href", "/api/sessions/s1/export.csv");
    expect(csv).toHaveAttribute("download");
    expect(screen.getByRole("link", { name: "Download JSON" })).toHaveAttribute(
      "href",
      "/api/sessions/s1/export.json",
    );
    expect(screen.getByRole("link", { name: "Download Markdown" })).toHaveAttribute(
      "href",
      "/api/sessions/s1/export.md",
    );
    expect(screen.getByRole("link", { name: "Download PDF report" })).toHaveAttribute(
      "href",
      "/api/sessions/s1/report.pdf",
    );

    const menuButton = screen.getByRole("button", { name: "Export" });
    menuButton.focus();
    await user.keyboard("{Enter}");
    const menu = screen.getByRole("menu");
    const items = within(menu).getAllByRole("menuitem");
    expect(items.map((i) => i.textContent)).toEqual(["CSV", "JSON", "Markdown", "PDF"]);
    expect(items[0]).toHaveFocus();
    await user.keyboard("{ArrowDown}");
    expect(items[1]).toHaveFocus();
    expect(items[1]).toHaveAttribute("href", "/api/sessions/s1/export.json");
    await user.keyboard("{Escape}");
    await waitFor(() => expect(screen.queryByRole("menu")).toBeNull());
    expect(menuButton).toHaveFocus();
  });
});
