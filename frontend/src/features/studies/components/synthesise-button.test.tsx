import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { HttpResponse } from "msw";
import { api } from "@/test/handlers/api";
import { renderRoutes } from "@/test/render";
import { server } from "@/test/server";
import { SynthesiseButton } from "./synthesise-button";

describe("SynthesiseButton", () => {
  it("starts the synthesis of the picked sessions and opens it", async () => {
    const bodies: unknown[] = [];
    server.use(
      api.post("/api/syntheses", async ({ request }) => {
        bodies.push(await request.json());
        return HttpResponse.json({ id: "sy7" } as never, { status: 202 });
      }),
    );
    const { router } = renderRoutes(
      [
        {
          path: "/dashboard",
          element: <SynthesiseButton sessionIds={["a", "b"]} onError={() => {}} />,
        },
        { path: "/syntheses/:id", element: <p>opened</p> },
      ],
      "/dashboard",
    );
    await userEvent.click(screen.getByRole("button", { name: "Synthesise 2 sessions" }));
    expect(await screen.findByText("opened")).toBeInTheDocument();
    expect(router.state.location.pathname).toBe("/syntheses/sy7");
    expect(bodies).toEqual([{ sessionIds: ["a", "b"] }]);
  });

  it("reports the server's message when it refuses", async () => {
    server.use(
      api.post("/api/syntheses", () =>
        HttpResponse.json(
          { error: "Session 'Empty' has no answers to synthesise", errors: [] } as never,
          { status: 422 },
        ),
      ),
    );
    const errors: string[] = [];
    renderRoutes(
      [
        {
          path: "/",
          element: <SynthesiseButton sessionIds={["a"]} onError={(m) => errors.push(m)} />,
        },
      ],
      "/",
    );
    await userEvent.click(screen.getByRole("button", { name: "Synthesise 1 session" }));
    await vi.waitFor(() =>
      expect(errors).toEqual(["Session 'Empty' has no answers to synthesise"]),
    );
  });
});
