import {
  BookOpenIcon,
  ClipboardListIcon,
  GaugeIcon,
  LayoutDashboardIcon,
  MenuIcon,
  MessagesSquareIcon,
  PlusCircleIcon,
  SettingsIcon,
  UsersIcon,
  XIcon,
} from "lucide-react";
import { lazy, Suspense, useEffect, useState } from "react";
import { NavLink, useLocation } from "react-router";
import { useMe } from "@/features/auth/api/get-me";
import { UserMenu } from "@/features/auth/components/user-menu";
import { ModelStatus } from "@/features/health/components/model-status";
import { paths } from "@/config/paths";
import { cn } from "@/utils/cn";

const NAV_ITEMS = [
  { to: paths.dashboard.getHref(), label: "Dashboard", icon: LayoutDashboardIcon },
  { to: paths.personas.getHref(), label: "Personas", icon: UsersIcon },
  { to: paths.createSession.getHref(), label: "New Session", icon: PlusCircleIcon },
  { to: paths.surveys.getHref(), label: "Surveys", icon: ClipboardListIcon },
  { to: paths.studies.getHref(), label: "Studies", icon: BookOpenIcon },
  { to: paths.fidelity.getHref(), label: "Fidelity", icon: GaugeIcon },
  { to: paths.settings.getHref(), label: "Settings", icon: SettingsIcon },
] as const;

// Its own chunk: the first screen's script stays within its budget (docs/performance.md).
const WorkspaceSwitcher = lazy(() => import("@/features/workspaces/components/workspace-switcher"));

/** The workspace switcher (hidden with one workspace) and, for admins, Members and roles.
 * Its chunk loads only on a team server (accounts, or several workspaces): one person on
 * loopback with one workspace gets neither the chunk nor any change to the sidebar. */
function Workspaces() {
  const me = useMe();
  if (!me.data || (!me.data.accounts && me.data.workspaces < 2)) return null;
  return (
    <Suspense fallback={null}>
      <WorkspaceSwitcher accounts={me.data.accounts} />
    </Suspense>
  );
}

function navClass({ isActive }: { isActive: boolean }) {
  return cn(
    "flex shrink-0 items-center gap-3 whitespace-nowrap rounded-md px-3 py-2 text-sm font-medium transition-colors outline-none",
    "focus-visible:ring-[3px] focus-visible:ring-ring/50",
    isActive
      ? "bg-accent text-accent-foreground"
      : "text-muted-foreground hover:bg-secondary hover:text-foreground",
  );
}

export function Brand() {
  return (
    <div className="flex items-center gap-2.5">
      <span className="flex size-8 items-center justify-center rounded-lg bg-primary text-primary-foreground">
        <MessagesSquareIcon className="size-4" aria-hidden="true" />
      </span>
      <span className="text-lg font-semibold tracking-tight">Colloquy</span>
    </div>
  );
}

export function Sidebar() {
  return (
    <aside
      className="fixed inset-y-0 left-0 z-30 hidden w-60 flex-col border-r border-sidebar-border bg-sidebar md:flex"
      aria-label="Sidebar"
    >
      <div className="flex h-16 items-center px-5">
        <Brand />
      </div>
      <div className="px-5 pb-2">
        <Workspaces />
      </div>
      <nav aria-label="Main" className="flex-1 space-y-1 px-3 py-2">
        {NAV_ITEMS.map(({ to, label, icon: Icon }) => (
          <NavLink key={to} to={to} className={navClass}>
            <Icon className="size-4" aria-hidden="true" />
            {label}
          </NavLink>
        ))}
      </nav>
      <div className="space-y-3 border-t border-sidebar-border px-5 py-4">
        <UserMenu />
        <ModelStatus />
      </div>
    </aside>
  );
}

/** On narrow screens the sidebar becomes a top bar whose menu button opens the same links. */
export function MobileNav() {
  const [open, setOpen] = useState(false);
  const { pathname } = useLocation();
  // Following a link closes the menu.
  useEffect(() => setOpen(false), [pathname]);

  return (
    <header className="sticky top-0 z-30 border-b bg-sidebar md:hidden">
      <div className="flex h-14 items-center justify-between px-4">
        <Brand />
        <button
          type="button"
          aria-expanded={open}
          aria-controls="mobile-nav"
          aria-label={open ? "Close menu" : "Open menu"}
          onClick={() => setOpen((v) => !v)}
          onKeyDown={(e) => e.key === "Escape" && setOpen(false)}
          className="flex size-10 items-center justify-center rounded-md text-foreground outline-none hover:bg-secondary focus-visible:ring-[3px] focus-visible:ring-ring/50"
        >
          {open ? (
            <XIcon className="size-5" aria-hidden="true" />
          ) : (
            <MenuIcon className="size-5" aria-hidden="true" />
          )}
        </button>
      </div>
      {open && (
        <nav
          id="mobile-nav"
          aria-label="Main"
          className="space-y-1 border-t px-3 py-2"
          onKeyDown={(e) => e.key === "Escape" && setOpen(false)}
        >
          {NAV_ITEMS.map(({ to, label, icon: Icon }) => (
            <NavLink key={to} to={to} className={navClass}>
              <Icon className="size-4" aria-hidden="true" />
              {label}
            </NavLink>
          ))}
          <div className="space-y-3 border-t px-3 pt-3 pb-1">
            <Workspaces />
            <UserMenu />
            <ModelStatus />
          </div>
        </nav>
      )}
    </header>
  );
}
