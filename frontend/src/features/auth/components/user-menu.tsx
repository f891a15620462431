import { lazy, Suspense } from "react";
import { Link } from "react-router";
import { useMe } from "../api/get-me";
import { LINK_CLASS } from "./user-menu-link";

const AccountPanel = lazy(() => import("./account-panel"));

/** The signed-in account: its email, sign out, change password. Nothing without an account;
 * the first-run link while the server has none and this browser is on the server itself. */
export function UserMenu() {
  const me = useMe();
  const user = me.data?.user;
  if (me.data?.firstRun)
    return (
      <Link className={LINK_CLASS} to="/team/first-run">
        Set up team accounts
      </Link>
    );
  if (!user) return null;
  return (
    <Suspense fallback={null}>
      <AccountPanel user={user} />
    </Suspense>
  );
}
