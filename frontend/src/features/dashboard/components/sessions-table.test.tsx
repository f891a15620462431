import { screen, within } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router";
import type { SessionSummary } from "@/lib/api-types";
import { renderWithProviders } from "@/test/render";
import { SessionsTable } from "./sessions-table";

const row = (over: Partial<SessionSummary>): SessionSummary => ({
  id: "s1",
  name: "Pouch test",
  description: "",
  source: "simulated",
  kind: "group",
  status: "completed",
  createdAt: "2026-11-20T10:00:00Z",
  completedAt: "2026-11-20T10:05:00Z",
  participantCount: 3,
  messageCount: 24,
  sentimentCounts: { positive: 1, neutral: 1, negative: 0 },
  ...over,
});

describe("SessionsTable provenance", () => {
  it("names the model of each session that has run", () => {
    const sessions = [
      row({ id: "s1", model: { provider: "openai", name: "gpt-4o-mini" } }),
      row({ id: "s2", name: "Not run yet", status: "draft", model: null }),
    ];
    const router = createMemoryRouter(
      [
        {
          path: "/",
          element: (
            <SessionsTable
              sessions={sessions}
              duplicatingId={null}
              onDuplicate={() => {}}
              onDelete={() => {}}
            />
          ),
        },
      ],
      { initialEntries: ["/"] },
    );
    renderWithProviders(<RouterProvider router={router} />);
    const [first, second] = screen.getAllByTestId("session-row");
    expect(within(first).getByTestId("session-model")).toHaveTextContent(
      "Model: openai · gpt-4o-mini",
    );
    expect(within(second).queryByTestId("session-model")).toBeNull();
  });

  it("marks an imported human group with a badge", () => {
    const sessions = [row({ id: "h1", source: "human" }), row({ id: "s2", source: "simulated" })];
    const router = createMemoryRouter(
      [
        {
          path: "/",
          element: (
            <SessionsTable
              sessions={sessions}
              duplicatingId={null}
              onDuplicate={() => {}}
              onDelete={() => {}}
            />
          ),
        },
      ],
      { initialEntries: ["/"] },
    );
    renderWithProviders(<RouterProvider router={router} />);
    const [human, simulated] = screen.getAllByTestId("session-row");
    expect(within(human).getByTestId("human-badge")).toHaveTextContent("Human group");
    expect(within(simulated).queryByTestId("human-badge")).toBeNull();
  });
});
