import { KeyRoundIcon, LogOutIcon, UserIcon } from "lucide-react";
import { lazy, Suspense, useState } from "react";
import { Link } from "react-router";
import { Button } from "@/components/ui/button";
import { SIGN_IN_PATH } from "@/lib/api-client";
import { signOut } from "../api/sign-in";
import { LINK_CLASS } from "./user-menu-link";

const ChangePasswordDialog = lazy(() => import("./change-password-dialog"));

/** The signed-in account's part of the user menu: its email, its pages, change password
 * and sign out. Its own chunk: one person on loopback never signs in and never loads it. */
export default function AccountPanel({ user }: { user: { email: string; isAdmin: boolean } }) {
  const [open, setOpen] = useState(false);
  const [opened, setOpened] = useState(false); // the dialog's chunk, once asked for
  const link = LINK_CLASS;

  async function onSignOut() {
    await signOut().catch(() => undefined);
    window.location.assign(SIGN_IN_PATH);
  }

  return (
    <div className="flex flex-col gap-2" aria-label="Account">
      <p className="flex items-center gap-2 truncate text-sm" title={user.email}>
        <UserIcon className="size-4 shrink-0" aria-hidden="true" />
        <span className="truncate">{user.email}</span>
      </p>
      <nav aria-label="Account pages" className="flex flex-wrap gap-x-3 gap-y-1">
        <Link className={link} to="/team/tokens">
          API tokens
        </Link>
        {user.isAdmin && (
          <>
            <Link className={link} to="/team/users">
              Users
            </Link>
            <Link className={link} to="/team/audit">
              Audit log
            </Link>
          </>
        )}
      </nav>
      <div className="flex flex-wrap gap-2">
        <Button
          type="button"
          size="sm"
          variant="outline"
          onClick={() => {
            setOpened(true);
            setOpen(true);
          }}
        >
          <KeyRoundIcon className="size-4" aria-hidden="true" />
          Change password
        </Button>
        <Button type="button" size="sm" variant="outline" onClick={() => void onSignOut()}>
          <LogOutIcon className="size-4" aria-hidden="true" />
          Sign out
        </Button>
      </div>
      {opened && (
        <Suspense fallback={null}>
          <ChangePasswordDialog open={open} onOpenChange={setOpen} />
        </Suspense>
      )}
    </div>
  );
}
