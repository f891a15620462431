import { KeyRoundIcon, LogOutIcon, UserIcon } from "lucide-react";
import { useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "@/components/ui/dialog";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { errorMessage, SIGN_IN_PATH } from "@/lib/api-client";
import { useChangePassword } from "../api/change-password";
import { useMe } from "../api/get-me";
import { signOut } from "../api/sign-in";

/** The signed-in account: its email, sign out, change password. Nothing without an account. */
export function UserMenu() {
  const me = useMe();
  const [open, setOpen] = useState(false);
  const user = me.data?.user;
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
      <div className="flex flex-wrap gap-2">
        <Button type="button" size="sm" variant="outline" onClick={() => setOpen(true)}>
          <KeyRoundIcon className="size-4" aria-hidden="true" />
          Change password
        </Button>
        <Button type="button" size="sm" variant="outline" onClick={() => void onSignOut()}>
          <LogOutIcon className="size-4" aria-hidden="true" />
          Sign out
        </Button>
      </div>
      <ChangePasswordDialog open={open} onOpenChange={setOpen} />
    </div>
  );
}

function ChangePasswordDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const change = useChangePassword();
  const [current, setCurrent] = useState("");
  const [next, setNext] = useState("");
  const [done, setDone] = useState(false);

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    change.mutate(
      { currentPassword: current, newPassword: next },
      {
        onSuccess: () => {
          setDone(true);
          setCurrent("");
          setNext("");
        },
      },
    );
  }

  return (
    <Dialog
      open={open}
      onOpenChange={(value) => {
        onOpenChange(value);
        setDone(false);
        change.reset();
      }}
    >
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Change password</DialogTitle>
          <DialogDescription>
            At least 12 characters. Your other signed-in browsers are signed out.
          </DialogDescription>
        </DialogHeader>
        <form className="flex flex-col gap-3" onSubmit={onSubmit}>
          <Label htmlFor="current-password">Current password</Label>
          <Input
            id="current-password"
            type="password"
            autoComplete="current-password"
            value={current}
            onChange={(e) => setCurrent(e.target.value)}
          />
          <Label htmlFor="new-password">New password</Label>
          <Input
            id="new-password"
            type="password"
            autoComplete="new-password"
            value={next}
            onChange={(e) => setNext(e.target.value)}
          />
          {change.isError && (
            <p role="alert" className="text-sm text-destructive">
              {errorMessage(change.error, "The password was not changed")}
            </p>
          )}
          {done && (
            <p role="status" className="text-sm">
              Password changed.
            </p>
          )}
          <DialogFooter>
            <Button type="submit" disabled={change.isPending || !current || !next}>
              {change.isPending ? "Saving..." : "Change password"}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
