import { PlusIcon, Trash2Icon, UserPlusIcon } from "lucide-react";
import { useState, type FormEvent } from "react";
import { toast } from "sonner";
import { QueryError } from "@/components/query-error";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Input } from "@/components/ui/input";
import { errorMessage } from "@/lib/api-client";
import {
  MEMBER_ROLES,
  useAddMember,
  useChangeRole,
  useCreateWorkspace,
  useDeleteWorkspace,
  useMembers,
  useRemoveMember,
  useWorkspaces,
  type MemberRole,
  type Workspace,
} from "../api/workspaces";

const SELECT =
  "h-9 rounded-md border border-input bg-card px-2 text-sm outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50";

/** Admins: the workspaces, and for the one chosen its members and their roles. */
export function MembersPanel() {
  const workspaces = useWorkspaces();
  const [picked, setPicked] = useState<string | null>(null);
  if (workspaces.isPending)
    return (
      <p role="status" className="text-sm text-muted-foreground">
        Loading workspaces...
      </p>
    );
  if (workspaces.isError)
    return (
      <QueryError
        title="Could not load the workspaces"
        error={workspaces.error}
        onRetry={() => void workspaces.refetch()}
      />
    );
  const list = workspaces.data;
  if (!list.some((w) => w.role === "admin"))
    return (
      <p role="alert" className="rounded-xl border bg-card px-6 py-10 text-center">
        Only an admin can manage workspaces and their members.
      </p>
    );
  const current = list.find((w) => w.id === picked) ?? list[0];
  return (
    <div className="grid gap-6 lg:grid-cols-[18rem_1fr]">
      <WorkspaceList list={list} current={current} onPick={setPicked} />
      {current && (
        <Members key={current.id} workspace={current} onDeleted={() => setPicked(null)} />
      )}
    </div>
  );
}

function WorkspaceList(props: {
  list: Workspace[];
  current: Workspace | undefined;
  onPick: (id: string) => void;
}) {
  const create = useCreateWorkspace();
  const [name, setName] = useState("");
  function submit(e: FormEvent) {
    e.preventDefault();
    create.mutate(name, {
      onSuccess: (made) => {
        toast.success(`Workspace ${made.name} created`);
        setName("");
        props.onPick(made.id);
      },
      onError: (error) => toast.error(errorMessage(error, "Failed to create the workspace")),
    });
  }
  return (
    <Card className="gap-4 p-4">
      <h2 className="font-semibold">Workspaces</h2>
      <ul className="space-y-1" aria-label="Workspaces">
        {props.list.map((w) => (
          <li key={w.id}>
            <button
              type="button"
              aria-current={w.id === props.current?.id ? "true" : undefined}
              onClick={() => props.onPick(w.id)}
              className="w-full rounded-md px-3 py-2 text-left text-sm outline-none hover:bg-secondary focus-visible:ring-[3px] focus-visible:ring-ring/50 aria-[current=true]:bg-accent aria-[current=true]:font-medium"
            >
              {w.name}
            </button>
          </li>
        ))}
      </ul>
      <form onSubmit={submit} className="flex gap-2">
        <Input
          aria-label="New workspace name"
          placeholder="New workspace"
          value={name}
          maxLength={100}
          onChange={(e) => setName(e.target.value)}
        />
        <Button type="submit" size="sm" disabled={!name.trim() || create.isPending}>
          <PlusIcon aria-hidden="true" />
          Add
        </Button>
      </form>
    </Card>
  );
}

function Members({ workspace, onDeleted }: { workspace: Workspace; onDeleted: () => void }) {
  const members = useMembers(workspace.id);
  const add = useAddMember(workspace.id);
  const change = useChangeRole(workspace.id);
  const remove = useRemoveMember(workspace.id);
  const drop = useDeleteWorkspace();
  const [email, setEmail] = useState("");
  const [role, setRole] = useState<MemberRole>("researcher");
  const fail = (fallback: string) => (error: unknown) => toast.error(errorMessage(error, fallback));

  function submit(e: FormEvent) {
    e.preventDefault();
    add.mutate(
      { email, role },
      {
        onSuccess: (m) => {
          toast.success(`${m.email} added as ${m.role}`);
          setEmail("");
        },
        onError: fail("Failed to add the member"),
      },
    );
  }

  return (
    <Card className="gap-4 p-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 className="font-semibold">Members of {workspace.name}</h2>
        <Button
          variant="outline"
          size="sm"
          disabled={drop.isPending}
          onClick={() =>
            drop.mutate(workspace.id, {
              onSuccess: () => {
                toast.success(`Workspace ${workspace.name} deleted`);
                onDeleted();
              },
              onError: fail("Failed to delete the workspace"),
            })
          }
        >
          <Trash2Icon aria-hidden="true" />
          Delete workspace
        </Button>
      </div>
      <p className="text-sm text-muted-foreground">
        Researchers create, run and delete; viewers read and export. Admins belong to every
        workspace.
      </p>
      {members.isPending ? (
        <p role="status" className="text-sm text-muted-foreground">
          Loading members...
        </p>
      ) : members.isError ? (
        <QueryError
          title="Could not load the members"
          error={members.error}
          onRetry={() => void members.refetch()}
        />
      ) : members.data.length === 0 ? (
        <p className="rounded-md border border-dashed px-4 py-6 text-center text-sm text-muted-foreground">
          No members yet: add one by email below.
        </p>
      ) : (
        <ul className="divide-y" aria-label="Members">
          {members.data.map((m) => (
            <li key={m.userId} className="flex flex-wrap items-center gap-3 py-2">
              <span className="min-w-0 flex-1 truncate text-sm" title={m.email}>
                {m.email}
                {m.disabled && <span className="text-muted-foreground"> (disabled)</span>}
              </span>
              <select
                aria-label={`Role of ${m.email}`}
                className={SELECT}
                value={m.role}
                onChange={(e) =>
                  change.mutate(
                    { userId: m.userId, role: e.target.value as MemberRole },
                    { onError: fail("Failed to change the role") },
                  )
                }
              >
                {MEMBER_ROLES.map((r) => (
                  <option key={r} value={r}>
                    {r}
                  </option>
                ))}
              </select>
              <Button
                variant="ghost"
                size="sm"
                aria-label={`Remove ${m.email}`}
                onClick={() => remove.mutate(m.userId, { onError: fail("Failed to remove") })}
              >
                <Trash2Icon aria-hidden="true" />
                Remove
              </Button>
            </li>
          ))}
        </ul>
      )}
      <form onSubmit={submit} className="flex flex-wrap gap-2">
        <Input
          type="email"
          aria-label="Email of the account to add"
          placeholder="name@example.com"
          value={email}
          className="min-w-[12rem] flex-1"
          onChange={(e) => setEmail(e.target.value)}
        />
        <select
          aria-label="Role of the new member"
          className={SELECT}
          value={role}
          onChange={(e) => setRole(e.target.value as MemberRole)}
        >
          {MEMBER_ROLES.map((r) => (
            <option key={r} value={r}>
              {r}
            </option>
          ))}
        </select>
        <Button type="submit" size="sm" disabled={!email.trim() || add.isPending}>
          <UserPlusIcon aria-hidden="true" />
          Add member
        </Button>
      </form>
    </Card>
  );
}
