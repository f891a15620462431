import { QueryClientProvider, type QueryClient } from "@tanstack/react-query";
import { lazy, Suspense, useEffect, useState, type ReactNode } from "react";
import { TooltipProvider } from "@/components/ui/tooltip";
import { createQueryClient } from "@/lib/query-client";
import { AppErrorBoundary } from "./error-boundary";

// The toasts' code is not in the first load (docs/performance.md#a-light-first-screen): the
// Toaster mounts on the first click or key, on the first toast of the dashboard, or 5 s
// after start, whichever comes first; sonner replays toasts raised before it mounted.
const Toaster = lazy(() => import("@/components/ui/sonner").then((m) => ({ default: m.Toaster })));
const TOASTER_DELAY_MS = 5_000;

function DeferredToaster() {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    if (ready) return;
    const go = () => setReady(true);
    const timer = setTimeout(go, TOASTER_DELAY_MS);
    const events = ["pointerdown", "keydown", "colloquy:toast"] as const;
    for (const e of events) window.addEventListener(e, go, { once: true });
    return () => {
      clearTimeout(timer);
      for (const e of events) window.removeEventListener(e, go);
    };
  }, [ready]);
  return ready ? (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  ) : null;
}

export interface AppProviderProps {
  children: ReactNode;
  queryClient?: QueryClient;
}

export function AppProvider({ children, queryClient }: AppProviderProps) {
  const [client] = useState(() => queryClient ?? createQueryClient());
  return (
    <AppErrorBoundary>
      <QueryClientProvider client={client}>
        <TooltipProvider delayDuration={300}>
          {children}
          <DeferredToaster />
        </TooltipProvider>
      </QueryClientProvider>
    </AppErrorBoundary>
  );
}
