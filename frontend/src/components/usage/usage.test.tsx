import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { formatUsd, parseBudget, sumUsage, withBudget } from "@/components/usage/format";
import { jsonResponse, mockFetch, renderWithProviders } from "@/test/render";
import { BudgetRaise } from "./budget-raise";
import { CostEstimateCard } from "./cost-estimate-card";
import { PricesCard, rowsToTable } from "./prices-card";
import { UsageCard } from "./usage-card";

describe("usage arithmetic in the UI", () => {
  it("formats dollars as the server does", () => {
    expect(formatUsd(0)).toBe("$0.00");
    expect(formatUsd(0.05)).toBe("$0.05");
    expect(formatUsd(0.0481)).toBe("$0.0481");
    expect(formatUsd(1234.5)).toBe("$1,234.50");
  });

  it("sums the reported usage of messages and reads budgets", () => {
    const u = (p: number, c: number, k: number, cost: number) => ({
      promptTokens: p,
      completionTokens: c,
      cachedTokens: k,
      costUsd: cost,
    });
    expect(
      sumUsage([{ usage: u(100, 10, 40, 0.084) }, { usage: null }, { usage: u(50, 5, 0, 0.016) }]),
    ).toEqual({
      promptTokens: 150,
      completionTokens: 15,
      cachedTokens: 40,
      costUsd: 0.1,
    });
    expect(parseBudget("")).toEqual({ value: null, error: null });
    expect(parseBudget("$2.5")).toEqual({ value: 2.5, error: null });
    expect(parseBudget("-1").error).toBe("Budget must be 0 or more");
    expect(parseBudget("lots").error).toBe("Budget must be a number of US dollars");
    expect(withBudget({ settings: { responseLength: "brief" } }, "3")).toEqual({
      settings: { responseLength: "brief", budgetUsd: 3 },
    });
    expect(withBudget({ settings: null }, "")).toEqual({ settings: null });
  });

  it("checks a price table before it is sent", () => {
    const row = (
      model: string,
      input: string,
      output: string,
      cachedInput = "",
      cacheWrite = "",
    ) => ({
      model,
      input,
      output,
      cachedInput,
      cacheWrite,
    });
    expect(rowsToTable([row("m", "2.5", "10")])).toEqual({
      table: { m: { input: 2.5, output: 10, cachedInput: 2.5, cacheWrite: null } },
      error: null,
    });
    expect(rowsToTable([row("*", "3", "15", "0.3", "3.75")]).table["*"]).toEqual({
      input: 3,
      output: 15,
      cachedInput: 0.3,
      cacheWrite: 3.75,
    });
    expect(rowsToTable([row("m", "1", "1", "", "-2")]).error).toBe(
      "m: cacheWrite must be 0 or more",
    );
    expect(rowsToTable([row("m", "-1", "10")]).error).toBe("m: input must be 0 or more");
    expect(rowsToTable([row("m", "abc", "10")]).error).toBe(
      "m: input must be a number (USD per 1M tokens)",
    );
    expect(rowsToTable([row("", "1", "1")]).error).toBe("Every price needs a model name");
  });
});

describe("PricesCard", () => {
  it("edits and saves the price table and the default budget, and refuses a negative price", async () => {
    const user = userEvent.setup();
    let saved: unknown = null;
    let budget: unknown = null;
    const fetch = mockFetch((url, init) => {
      if (url === "/api/settings/prices" && init?.method === "PUT") {
        saved = JSON.parse(String(init.body));
        return jsonResponse(saved);
      }
      if (url === "/api/settings/prices")
        return jsonResponse({ "gpt-4o": { input: 2.5, output: 10, cachedInput: 1.25 } });
      if (url === "/api/settings/prices/defaults")
        return jsonResponse({
          source: "genai-prices",
          version: "0.2.3",
          asOf: "2026-11-09",
          prices: {},
        });
      if (url === "/api/settings/budget" && init?.method === "PUT") {
        budget = JSON.parse(String(init.body));
        return jsonResponse(budget);
      }
      if (url === "/api/settings/budget") return jsonResponse({ budgetUsd: null });
      return jsonResponse({}, 404);
    });
    renderWithProviders(<PricesCard />);
    expect(await screen.findByDisplayValue("gpt-4o")).toBeInTheDocument();
    expect(screen.getByTestId("price-table-version")).toHaveTextContent(
      "Default prices: genai-prices 0.2.3, newest price change 2026-11-09.",
    );
    const input = screen.getByLabelText("Input price 1");
    await user.clear(input);
    await user.type(input, "-3");
    expect(screen.getByRole("alert")).toHaveTextContent("gpt-4o: input must be 0 or more");
    expect(screen.getByRole("button", { name: "Save prices" })).toBeDisabled();
    await user.clear(input);
    await user.type(input, "3");
    await user.click(screen.getByRole("button", { name: "Add model" }));
    await user.type(screen.getByLabelText("Model 2"), "my-model");
    await user.type(screen.getByLabelText("Input price 2"), "1");
    await user.type(screen.getByLabelText("Output price 2"), "2");
    await user.click(screen.getByRole("button", { name: "Save prices" }));
    await waitFor(() =>
      expect(saved).toEqual({
        "gpt-4o": { input: 3, output: 10, cachedInput: 1.25, cacheWrite: null },
        "my-model": { input: 1, output: 2, cachedInput: 1, cacheWrite: null },
      }),
    );
    await user.type(screen.getByLabelText("Default budget per session or survey (USD)"), "5");
    await user.click(screen.getByRole("button", { name: "Save budget" }));
    await waitFor(() => expect(budget).toEqual({ budgetUsd: 5 }));
    expect(fetch).toHaveBeenCalled();
  });
});

describe("CostEstimateCard and BudgetRaise", () => {
  it("shows the server's estimate and warns when it is above the budget", async () => {
    const user = userEvent.setup();
    mockFetch((url) => {
      if (url === "/api/sessions/estimate")
        return jsonResponse({
          calls: 18,
          promptTokens: 9000,
          completionTokens: 576,
          costUsd: 0.0281,
          provider: "openai",
          model: "gpt-4o",
          priced: true,
          unpriced: [],
          basis: "",
          range: {
            low: { promptTokens: 8000, completionTokens: 400, cachedTokens: 0, costUsd: 0.024 },
            high: { promptTokens: 10500, completionTokens: 800, cachedTokens: 0, costUsd: 0.0343 },
          },
          assumptions: ["Tokenizer: prompts at 0.9x to 1.12x of words x 1.3."],
        });
      if (url === "/api/settings/budget") return jsonResponse({ budgetUsd: 1 });
      return jsonResponse({}, 404);
    });
    let budget = "";
    const { rerender } = renderWithProviders(
      <CostEstimateCard
        kind="sessions"
        body={{ participantIds: ["p1"] }}
        ready
        budget={budget}
        onBudgetChange={(b) => (budget = b)}
      />,
    );
    expect(await screen.findByTestId("cost-estimate-value")).toHaveTextContent("~$0.0281");
    expect(screen.getByTestId("cost-estimate-detail")).toHaveTextContent(
      "18 model calls, ~9,000 prompt and ~576 answer tokens on gpt-4o.",
    );
    expect(screen.getByTestId("cost-estimate-range")).toHaveTextContent(
      "Likely between $0.024 and $0.0343 (8,400-11,300 tokens).",
    );
    expect(
      screen.getByText("Tokenizer: prompts at 0.9x to 1.12x of words x 1.3."),
    ).toBeInTheDocument();
    expect(screen.queryByTestId("cost-estimate-unpriced")).toBeNull();
    expect(await screen.findByPlaceholderText("Default: $1.00")).toBeInTheDocument();
    await user.type(screen.getByLabelText("Budget (USD)"), "0");
    expect(budget).toBe("0");
    rerender(
      <CostEstimateCard
        kind="sessions"
        body={{ participantIds: ["p1"] }}
        ready
        budget="0.01"
        onBudgetChange={() => {}}
      />,
    );
    expect(screen.getByRole("alert")).toHaveTextContent("The estimate is above this budget");
  });

  it("raises a stopped run's budget and continues it", async () => {
    const user = userEvent.setup();
    let sent: unknown = null;
    mockFetch((url, init) => {
      if (url === "/api/sessions/s1/budget" && init?.method === "PUT") {
        sent = JSON.parse(String(init.body));
        return jsonResponse(sent);
      }
      return jsonResponse({}, 404);
    });
    const onRaised = vi.fn();
    renderWithProviders(<BudgetRaise kind="sessions" id="s1" onRaised={onRaised} />);
    const button = screen.getByRole("button", { name: "Raise budget and continue" });
    expect(button).toBeDisabled();
    await user.type(screen.getByLabelText("New budget (USD)"), "2{Enter}");
    await waitFor(() => expect(onRaised).toHaveBeenCalled());
    expect(sent).toEqual({ budgetUsd: 2 });
  });

  it("shows a run's cost, tokens and cache share", () => {
    renderWithProviders(
      <UsageCard
        usage={{ promptTokens: 1000, completionTokens: 200, cachedTokens: 400, costUsd: 0.004 }}
      />,
    );
    expect(screen.getByTestId("usage-cost")).toHaveTextContent("$0.004");
    expect(screen.getByText("400 (40%)")).toBeInTheDocument();
  });
});
