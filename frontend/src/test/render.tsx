import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, type RenderOptions } from "@testing-library/react";
import type { ReactElement, ReactNode } from "react";
import { createMemoryRouter, RouterProvider, type RouteObject } from "react-router";
import { Toaster } from "@/components/ui/sonner";
import { TooltipProvider } from "@/components/ui/tooltip";
import type { Persona } from "@/lib/api-types";
import { TestRequest } from "./request";

export function createTestQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: { queries: { retry: false, gcTime: Infinity }, mutations: { retry: false } },
  });
}

function Providers({ children, client }: { children: ReactNode; client: QueryClient }) {
  return (
    <QueryClientProvider client={client}>
      <TooltipProvider>
        {children}
        <Toaster />
      </TooltipProvider>
    </QueryClientProvider>
  );
}

/** Renders `ui` with query, tooltip and toast providers. */
export function renderWithProviders(
  ui: ReactElement,
  options: RenderOptions & { client?: QueryClient } = {},
) {
  const client = options.client ?? createTestQueryClient();
  return {
    client,
    ...render(ui, {
      ...options,
      wrapper: ({ children }) => <Providers client={client}>{children}</Providers>,
    }),
  };
}

/** Renders routes in a memory router at `path`, with the providers. */
export function renderRoutes(
  routes: RouteObject[],
  path: string,
  client = createTestQueryClient(),
) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  return {
    router,
    client,
    ...render(
      <Providers client={client}>
        <RouterProvider router={router} />
      </Providers>,
    ),
  };
}

type FetchRoute = (
  url: string,
  init: RequestInit | undefined,
) => Response | Promise<Response> | undefined;

export function jsonResponse(body: unknown, status = 200): Response {
  return new Response(status === 204 ? null : JSON.stringify(body), {
    status,
    headers: { "Content-Type": "application/json" },
  });
}

/**
 * Replaces global fetch with `handler`; unmatched requests fail the test loudly
 * (404 with an error body).
 */
export function mockFetch(handler: FetchRoute) {
  const fn = vi.fn(async (url: string, init?: RequestInit) => {
    const answer = await handler(url, init);
    return answer ?? jsonResponse({ error: `Unmocked ${init?.method ?? "GET"} ${url}` }, 404);
  });
  // The typed client calls fetch(request): the handler (and fn.mock.calls) get the URL and
  // RequestInit it was built from, with the headers the client's middleware set.
  vi.stubGlobal("fetch", (input: RequestInfo | URL, init?: RequestInit) => {
    if (input instanceof TestRequest)
      return fn(input.given.url, { ...input.given.init, headers: input.headers });
    return fn(
      typeof input === "string" ? input : input instanceof URL ? input.href : input.url,
      init,
    );
  });
  return fn;
}

export function makePersona(overrides: Partial<Persona> = {}): Persona {
  return {
    id: "p1",
    name: "Sarah Chen",
    age: 34,
    gender: "Female",
    location: "Portland, OR",
    income: "$60-100k",
    traits: {
      openness: 80,
      conscientiousness: 65,
      extraversion: 40,
      agreeableness: 72,
      neuroticism: 35,
    },
    interests: ["Sustainability", "Yoga"],
    generatedFrom: null,
    createdAt: "2025-01-01T00:00:00Z",
    updatedAt: "2025-01-01T00:00:00Z",
    enriched: {},
    ...overrides,
  };
}

/**
 * The persona library as the server's fake: the whole list (GET /api/personas), its pages
 * (name search and tag, pages of `pageSize`) and its tags; undefined for any other URL.
 */
export function personasAnswer(
  list: readonly Persona[],
  url: string,
  pageSize = 48,
): Response | undefined {
  if (url === "/api/personas") return jsonResponse(list);
  if (url === "/api/personas/tags") {
    return jsonResponse([...new Set(list.flatMap((p) => p.tags ?? []))].sort());
  }
  if (!url.startsWith("/api/personas/page")) return undefined;
  const query = new URL(url, "http://x").searchParams;
  const q = (query.get("q") ?? "").toLowerCase();
  const tag = query.get("tag")?.toLowerCase();
  const kept = list.filter(
    (p) =>
      p.name.toLowerCase().includes(q) &&
      (!tag || (p.tags ?? []).some((t) => t.toLowerCase() === tag)),
  );
  const start = Number(query.get("cursor") ?? 0);
  const end = start + pageSize;
  return jsonResponse({
    items: kept.slice(start, end),
    nextCursor: end < kept.length ? String(end) : null,
    total: kept.length,
    libraryTotal: list.length,
  });
}
