import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { transcriptPages } from "@/test/handlers/transcript";
import { renderRoutes } from "@/test/render";
import { server } from "@/test/server";
import { headerOf, makeSession, message } from "../test/fixtures";
import { TranscriptTab } from "./transcript-tab";

/** A long discussion: 450 answers of Sarah Chen and Marcus Johnson in turn. */
const long = Array.from({ length: 450 }, (_, i) =>
  message({
    id: `a${i + 1}`,
    speaker: i % 2 ? "Marcus Johnson" : "Sarah Chen",
    personaId: i % 2 ? "p2" : "p1",
    content: `Answer number ${i + 1}`,
  }),
);
const session = headerOf(makeSession({ messages: long }));

function renderTab(path = "/session/s1/results") {
  const seen: URLSearchParams[] = [];
  server.use(transcriptPages(long, seen));
  renderRoutes(
    [{ path: "/session/:id/results", element: <TranscriptTab session={session} /> }],
    path,
  );
  return seen;
}

const rows = () => screen.queryAllByTestId("transcript-message");

// Hundreds of rows per page: slow on a busy machine, so longer limits.
const slow = { timeout: 10_000 };

describe("TranscriptTab (a long session, read in pages)", { timeout: 60_000 }, () => {
  it("shows the first page, and the next one on Load more", async () => {
    const user = userEvent.setup();
    const seen = renderTab();
    await waitFor(() => expect(rows()).toHaveLength(200), slow);
    expect(screen.getByText("450 messages")).toBeInTheDocument();
    expect(screen.getByTestId("load-more")).toHaveTextContent("Showing 200 of 450 messages");
    expect(seen[0].get("limit")).toBe("200");

    await user.click(screen.getByRole("button", { name: "Load more" }));
    await waitFor(() => expect(rows()).toHaveLength(400), slow);
    expect(rows()[399]).toHaveTextContent("Answer number 400");
    await user.click(screen.getByRole("button", { name: "Load more" }));
    await waitFor(() => expect(rows()).toHaveLength(450), slow);
    expect(screen.queryByTestId("load-more")).not.toBeInTheDocument();
  });

  it("searches and filters on the server, over the whole transcript", async () => {
    const user = userEvent.setup();
    const seen = renderTab();
    await waitFor(() => expect(rows()).toHaveLength(200), slow);
    await user.type(screen.getByRole("searchbox", { name: "Search transcript" }), "number 44");
    // 44 and 440-449: the last ones are beyond the first page.
    await waitFor(() => expect(rows()).toHaveLength(11), slow);
    expect(rows().at(-1)).toHaveTextContent("Answer number 449");
    expect(screen.getByText("11 of 450 messages")).toBeInTheDocument();
    expect(seen.at(-1)?.get("q")).toBe("number 44");
    expect(within(rows()[0]).getByText("number 44").tagName).toBe("MARK");

    await user.clear(screen.getByRole("searchbox", { name: "Search transcript" }));
    await user.type(screen.getByRole("searchbox", { name: "Search transcript" }), "no such words");
    expect(await screen.findByText("No messages found", undefined, slow)).toBeInTheDocument();
  });

  it("reads on to a message a health finding links to, and focuses it", async () => {
    renderTab("/session/s1/results?message=a433");
    await waitFor(() => expect(rows()).toHaveLength(450), slow);
    const focused = document.getElementById("message-a433");
    expect(focused).toHaveAttribute("data-focused", "true");
    await waitFor(() => expect(focused).toHaveFocus(), slow);
  });
});
