import { Outlet } from "react-router";
import { MobileNav, Sidebar } from "./sidebar";

export function AppLayout() {
  return (
    <div className="min-h-dvh">
      <Sidebar />
      <MobileNav />
      <main className="md:pl-60">
        <div className="mx-auto w-full max-w-7xl px-4 py-6 sm:px-6 md:py-10 lg:px-10">
          <Outlet />
        </div>
      </main>
    </div>
  );
}
