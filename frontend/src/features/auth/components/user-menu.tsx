import { KeyRoundIcon, LogOutIcon, UserIcon } from "lucide-react";
import { lazy, Suspense, useState } from "react";
import { Link } from "react-router";
import { Button } from "@/components/ui/button";
import { SIGN_IN_PATH } from "@/lib/api-client";
import { useMe } from "../api/get-me";
import { signOut } from "../api/sign-in";

const ChangePasswordDialog = lazy(() => import("./change-password-dialog"));

/** The signed-in account: its email, sign out, change password. Nothing without an account. */
export function UserMenu() {
  const me = useMe();
  const [open, setOpen] = useState(false);
  const [opened, setOpened] = useState(false); // the dialog's chunk, once asked for
  const user = me.data?.user;
  const link = "text-sm underline-offset-4 hover:underline";
  if (me.data?.firstRun)
    return (
      <Link className={link} to="/team/first-run">
        Set up team accounts
      </Link>
    );
  if (!user) return null;

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
