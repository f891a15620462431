import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, type RenderOptions } from "@testing-library/react";
import type { ReactElement, ReactNode } from "react";
import { createMemoryRouter, RouterProvider, type RouteObject } from "react-router";
import { Toaster } from "@/components/ui/sonner";
import { TooltipProvider } from "@/components/ui/tooltip";
import type { Persona } from "@/lib/api-types";

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
