import { Outlet } from "react-router";
import { EmbeddedModelNotice } from "@/features/health/components/embedded-model-notice";
import { MobileNav, Sidebar } from "./sidebar";

export function AppLayout() {
  return (
    <div className="min-h-dvh">
      <Sidebar />
      <MobileNav />
      <main className="md:pl-60">
        <div className="mx-auto w-full max-w-7xl px-4 py-6 sm:px-6 md:py-10 lg:px-10">
          <EmbeddedModelNotice />
          <Outlet />
        </div>
      </main>
    </div>
  );
}
