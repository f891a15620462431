import { BuildingIcon, ShieldCheckIcon } from "lucide-react";
import { NavLink } from "react-router";
import { paths } from "@/config/paths";
import { chosenWorkspace } from "@/lib/workspace";
import { useWorkspaces } from "../api/workspaces";
import { chooseWorkspace } from "../utils/choose-workspace";

/**
 * The sidebar's workspace switcher: hidden while the caller has one workspace. Choosing
 * another reloads the app in it (every list and screen then shows that workspace). Admins
 * on a server with accounts or several workspaces also get the Members and roles link.
 */
export default function WorkspaceSwitcher({ accounts }: { accounts: boolean }) {
  const workspaces = useWorkspaces();
  const list = workspaces.data ?? [];
  const admin = list.some((w) => w.role === "admin");
  if (list.length === 0) return null;
  const chosen = chosenWorkspace();
  const current = list.find((w) => w.id === chosen);
  if (chosen && !current) {
    // A choice that is gone or no longer ours: back to the first workspace.
    chooseWorkspace(null);
    window.location.reload();
    return null;
  }
  const shown = current ?? list[0];
  return (
    <div className="space-y-2">
      {list.length > 1 && (
        <label className="block space-y-1 text-xs font-medium text-muted-foreground">
          <span className="flex items-center gap-1.5">
            <BuildingIcon className="size-3.5" aria-hidden="true" />
            Workspace
          </span>
          <select
            className="h-9 w-full rounded-md border border-input bg-card px-2 text-sm text-foreground outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50"
            value={shown.id}
            onChange={(e) => {
              chooseWorkspace(e.target.value);
              window.location.assign(paths.dashboard.getHref());
            }}
          >
            {list.map((w) => (
              <option key={w.id} value={w.id}>
                {w.name}
                {w.role === "viewer" ? " (view only)" : ""}
              </option>
            ))}
          </select>
        </label>
      )}
      {admin && (accounts || list.length > 1) && (
        <NavLink
          to={paths.members.getHref()}
          className="flex items-center gap-2 rounded-md px-1 py-1 text-sm text-muted-foreground outline-none hover:text-foreground focus-visible:ring-[3px] focus-visible:ring-ring/50"
        >
          <ShieldCheckIcon className="size-4" aria-hidden="true" />
          Members and roles
        </NavLink>
      )}
    </div>
  );
}
