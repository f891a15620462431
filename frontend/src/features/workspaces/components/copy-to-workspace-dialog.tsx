import { CopyIcon } from "lucide-react";
import { useState } from "react";
import { toast } from "sonner";
import { Button } from "@/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "@/components/ui/dialog";
import { errorMessage } from "@/lib/api-client";
import { useCopyPersona, type Workspace } from "../api/workspaces";

export interface CopyToWorkspaceDialogProps {
  open: boolean;
  persona: { id: string; name: string } | null;
  /** The workspaces the persona may be copied into (writable, not the current one). */
  targets: Workspace[];
  onOpenChange: (open: boolean) => void;
}

/** Copy a persona, with its evidence, into another workspace the caller can write in. */
export default function CopyToWorkspaceDialog({
  open,
  persona,
  targets,
  onOpenChange,
}: CopyToWorkspaceDialogProps) {
  const copy = useCopyPersona();
  const [target, setTarget] = useState<string>("");
  const chosen = targets.find((w) => w.id === target) ?? targets[0];

  function submit() {
    if (!persona || !chosen) return;
    copy.mutate(
      { personaId: persona.id, workspaceId: chosen.id },
      {
        onSuccess: () => {
          toast.success(`${persona.name} copied to ${chosen.name}`);
          onOpenChange(false);
        },
        onError: (error) => toast.error(errorMessage(error, "Failed to copy the persona")),
      },
    );
  }

  return (
    <Dialog open={open && persona !== null} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Copy to workspace</DialogTitle>
          <DialogDescription>
            A copy of {persona?.name}, with its evidence, goes into the workspace you choose. This
            one stays as it is.
          </DialogDescription>
        </DialogHeader>
        <label className="space-y-1 text-sm font-medium">
          <span>Workspace</span>
          <select
            className="h-9 w-full rounded-md border border-input bg-card px-2 text-sm outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50"
            value={chosen?.id ?? ""}
            onChange={(e) => setTarget(e.target.value)}
          >
            {targets.map((w) => (
              <option key={w.id} value={w.id}>
                {w.name}
              </option>
            ))}
          </select>
        </label>
        <DialogFooter>
          <Button variant="outline" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button onClick={submit} disabled={!chosen || copy.isPending}>
            <CopyIcon aria-hidden="true" />
            Copy
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
