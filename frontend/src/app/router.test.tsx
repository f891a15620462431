import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createMemoryRouter, RouterProvider } from "react-router";
import { HttpResponse } from "msw";
import { api } from "@/test/handlers/api";
import { personaLibrary } from "@/test/handlers/personas";
import { makePersona, renderRoutes } from "@/test/render";
import { server } from "@/test/server";
import { AppErrorBoundary } from "./error-boundary";
import { RouteError } from "./route-error";
import { routes } from "./router";

/** The server's health answer when it runs `model` on `provider`. */
function healthOn(provider: string, model: string) {
  return api.get("/api/health", () =>
    HttpResponse.json({ status: "ok", version: "0.1.0", llm: { provider, model } }),
  );
}

beforeEach(() => {
  server.use(healthOn("local", "SmolLM2-135M-Instruct"), ...personaLibrary(() => [makePersona()]));
});

// Every screen but the dashboard loads its code when first opened.
const LAZY = { timeout: 10_000 };

describe("routes", () => {
  it("redirects / to /dashboard", async () => {
    const { router } = renderRoutes(routes, "/");
    expect(await screen.findByRole("heading", { name: "AI Focus Groups" })).toBeInTheDocument();
    expect(screen.getByText("AI-Powered Consumer Research")).toBeInTheDocument();
    expect(router.state.location.pathname).toBe("/dashboard");
  });

  it("shows the sidebar with the product name, links, the current link and the model", async () => {
    renderRoutes(routes, "/personas");
    const sidebar = screen.getByRole("complementary", { name: "Sidebar" });
    expect(within(sidebar).getByText("Colloquy")).toBeInTheDocument();
    const nav = within(sidebar).getByRole("navigation", { name: "Main" });
    expect(within(nav).getByRole("link", { name: "Dashboard" })).toHaveAttribute(
      "href",
      "/dashboard",
    );
    expect(within(nav).getByRole("link", { name: "New Session" })).toHaveAttribute(
      "href",
      "/create-session",
    );
    expect(within(nav).getByRole("link", { name: "Personas" })).toHaveAttribute(
      "aria-current",
      "page",
    );
    expect(within(nav).getByRole("link", { name: "Dashboard" })).not.toHaveAttribute(
      "aria-current",
    );
    expect(
      await within(sidebar).findByText("Model: local · SmolLM2-135M-Instruct"),
    ).toBeInTheDocument();
  });

  it("navigates between screens from the sidebar", async () => {
    const user = userEvent.setup();
    renderRoutes(routes, "/dashboard");
    const sidebar = screen.getByRole("complementary", { name: "Sidebar" });
    await user.click(within(sidebar).getByRole("link", { name: "Personas" }));
    expect(
      await screen.findByRole("heading", { name: "Persona Library" }, LAZY),
    ).toBeInTheDocument();
    await user.click(within(sidebar).getByRole("link", { name: "New Session" }));
    expect(
      await screen.findByRole("heading", { name: "Create New Session" }, LAZY),
    ).toBeInTheDocument();
  });

  it.each(["/nope", "/session/x/other", "/personas/extra"])(
    "shows the 404 page for %s",
    async (path) => {
      renderRoutes(routes, path);
      expect(await screen.findByText("Oops! Page not found")).toBeInTheDocument();
      expect(screen.getByRole("link", { name: "Return to Home" })).toHaveAttribute("href", "/");
    },
  );

  it("renders the session routes", async () => {
    renderRoutes(routes, "/session/s1/results");
    expect(
      await screen.findByRole("heading", { name: "Session not found" }, LAZY),
    ).toBeInTheDocument();
  });
});

describe("error screens", () => {
  it("the routing error element shows the heading and the message", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    function Boom(): never {
      throw new Error("Loader exploded");
    }
    const router = createMemoryRouter([
      { path: "/", element: <Boom />, errorElement: <RouteError /> },
    ]);
    render(<RouterProvider router={router} />);
    expect(
      await screen.findByRole("heading", { name: "Unexpected Application Error!" }),
    ).toBeInTheDocument();
    expect(screen.getByText("Loader exploded")).toBeInTheDocument();
  });

  it("the app error boundary shows the message and can try again", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    const user = userEvent.setup();
    let broken = true;
    function Maybe() {
      if (broken) throw new Error("Render failed");
      return <p>Recovered</p>;
    }
    render(
      <AppErrorBoundary>
        <Maybe />
      </AppErrorBoundary>,
    );
    expect(screen.getByRole("heading", { name: "Something went wrong" })).toBeInTheDocument();
    expect(screen.getByText("Render failed")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Reload App" })).toBeInTheDocument();
    broken = false;
    await user.click(screen.getByRole("button", { name: "Try Again" }));
    expect(screen.getByText("Recovered")).toBeInTheDocument();
  });

  it("the app error boundary falls back to a generic message", () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    function Empty(): never {
      throw new Error("");
    }
    render(
      <AppErrorBoundary>
        <Empty />
      </AppErrorBoundary>,
    );
    expect(screen.getByText("An unexpected error occurred")).toBeInTheDocument();
  });
});

describe("the embedded demo model notice", () => {
  beforeEach(() => sessionStorage.clear());

  it("says the embedded model is too weak for research and links to Settings, once per browser session", async () => {
    const user = userEvent.setup();
    renderRoutes(routes, "/dashboard");
    const notice = await screen.findByRole("note", { name: "Demo model" });
    expect(notice).toHaveTextContent("its answers are too weak for research");
    expect(
      within(notice).getByRole("link", { name: "Choose a model in Settings" }),
    ).toHaveAttribute("href", "/settings");
    await user.click(within(notice).getByRole("button", { name: "Hide this notice" }));
    expect(screen.queryByRole("note", { name: "Demo model" })).toBeNull();
    expect(sessionStorage.getItem("colloquy.embedded-model-notice.hidden")).toBe("1");
  });

  it("is not shown for another model", async () => {
    server.use(healthOn("openai", "gpt-4o-mini"));
    renderRoutes(routes, "/dashboard");
    expect(await screen.findByText("Model: openai · gpt-4o-mini")).toBeInTheDocument();
    expect(screen.queryByRole("note", { name: "Demo model" })).toBeNull();
  });
});
