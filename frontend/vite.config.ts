/// <reference types="vitest/config" />
import { availableParallelism } from "node:os";
import { fileURLToPath, URL } from "node:url";
import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

// The Python server (colloquy serve) listens on 127.0.0.1:8000 and serves dist/ in production.
const API_TARGET = process.env.COLLOQUY_API_URL ?? "http://127.0.0.1:8000";

export default defineConfig({
  plugins: [react(), tailwindcss()],
  resolve: {
    alias: { "@": fileURLToPath(new URL("./src", import.meta.url)) },
  },
  server: {
    proxy: {
      "/api": { target: API_TARGET, changeOrigin: false },
    },
  },
  build: {
    outDir: "dist",
    emptyOutDir: true,
    rolldownOptions: {
      output: {
        // Long-lived vendor chunks so app changes do not invalidate them. Other libraries go
        // with the screens that use them (one catch-all vendor chunk put every screen's
        // libraries in the first load: docs/performance.md#a-light-first-screen).
        codeSplitting: {
          // Keep shared helpers (clsx...) out of the charts group, so recharts loads only with charts.
          includeDependenciesRecursively: false,
          groups: [
            {
              name: "react",
              test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/,
            },
            {
              name: "recharts",
              test: /node_modules[\\/](recharts|d3-[^\\/]+|victory-vendor)[\\/]/,
            },
          ],
        },
      },
    },
  },
  test: {
    environment: "jsdom",
    globals: true,
    setupFiles: ["./src/test/setup.ts"],
    include: ["src/**/*.test.{ts,tsx}"],
    reporters: ["default", "./vitest-summary-reporter.ts"],
    css: false,
    restoreMocks: true,
    unstubGlobals: true,
    // Form tests type whole forms with user-event: seconds on a loaded 2-core machine.
    testTimeout: 20_000,
    // One worker per core: the default leaves one core to the rest of the machine, which
    // under `make test` has nothing else to do (2 cores: 100 s with 1 worker, 65 s with 2).
    maxWorkers: availableParallelism(),
    // The test files of a worker share one jsdom and one module graph instead of building
    // both anew for each of the 70 files (2 cores: 58 s -> 22 s). What a test leaves behind
    // is cleared after it in src/test/setup.ts (rendered trees, toasts; mocks and stubbed
    // globals by the options above); the suite passes in any order (--sequence.shuffle).
    isolate: false,
  },
});
