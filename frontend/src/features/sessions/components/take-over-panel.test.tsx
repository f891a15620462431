import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { HttpResponse } from "msw";
import type { Session } from "@/lib/api-types";
import { api } from "@/test/handlers/api";
import { renderWithProviders } from "@/test/render";
import { recordRequests } from "@/test/requests";
import { server } from "@/test/server";
import { makeSession } from "../testing/fixtures";
import { TakeOverPanel } from "./take-over-panel";

const running = (extra: Partial<Session> = {}) =>
  makeSession({ kind: "interview", status: "in-progress", running: true, ...extra });

describe("TakeOverPanel", () => {
  it("takes over when the button is pressed", async () => {
    server.use(
      api.post("/api/sessions/{session_id}/take-over", () =>
        HttpResponse.json(running({ takenOver: true })),
      ),
    );
    const requests = recordRequests();
    renderWithProviders(<TakeOverPanel session={running()} />);
    await userEvent.click(screen.getByRole("button", { name: "Take over" }));
    await vi.waitFor(() =>
      expect(requests.some((r) => r.url.endsWith("/sessions/s1/take-over"))).toBe(true),
    );
  });

  it("sends the typed question with Enter, clears it with Escape, and hands back", async () => {
    server.use(
      api.post("/api/sessions/{session_id}/questions", () =>
        HttpResponse.json(running({ takenOver: true, typedQuestion: "Why?" })),
      ),
      api.post("/api/sessions/{session_id}/hand-back", () => HttpResponse.json(running())),
    );
    const requests = recordRequests();
    renderWithProviders(<TakeOverPanel session={running({ takenOver: true })} />);
    const box = screen.getByLabelText("Your question");
    expect(box).toHaveFocus();
    await userEvent.type(box, "Never mind");
    await userEvent.keyboard("{Escape}");
    expect(box).toHaveValue("");
    await userEvent.type(box, "  Why?{Enter}");
    await vi.waitFor(() => expect(requests.some((r) => r.url.endsWith("/questions"))).toBe(true));
    const sent = requests.find((r) => r.url.endsWith("/questions"))!;
    expect(await sent.json()).toEqual({ text: "Why?" });
    await userEvent.click(screen.getByRole("button", { name: "Hand back" }));
    await vi.waitFor(() => expect(requests.some((r) => r.url.endsWith("/hand-back"))).toBe(true));
  });

  it("refuses an empty question and shows the server's refusal as it is", async () => {
    server.use(
      api.post("/api/sessions/{session_id}/questions", () =>
        HttpResponse.json(
          { error: "The interview is not running: start or resume it first", code: "conflict" },
          { status: 409 },
        ),
      ),
    );
    renderWithProviders(<TakeOverPanel session={running({ takenOver: true })} />);
    await userEvent.type(screen.getByLabelText("Your question"), "   {Enter}");
    expect(await screen.findByRole("alert")).toHaveTextContent(
      "Type a question (1-2000 characters)",
    );
    await userEvent.type(screen.getByLabelText("Your question"), "Why?{Enter}");
    expect(await screen.findByRole("alert")).toHaveTextContent(
      "The interview is not running: start or resume it first",
    );
  });

  it("shows the question waiting to be asked instead of the box", () => {
    renderWithProviders(
      <TakeOverPanel session={running({ takenOver: true, typedQuestion: "And then?" })} />,
    );
    expect(screen.getByTestId("typed-pending")).toHaveTextContent("And then?");
    expect(screen.queryByLabelText("Your question")).toBeNull();
  });
});
