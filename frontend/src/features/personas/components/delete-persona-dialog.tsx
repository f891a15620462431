import { toast } from "sonner";
import { ConfirmDeleteDialog } from "@/components/confirm-delete-dialog";
import { errorMessage } from "@/lib/api-client";
import type { Persona } from "@/lib/api-types";
import { useDeletePersona } from "../api/delete-persona";

export interface DeletePersonaDialogProps {
  open: boolean;
  /** Kept while the dialog animates closed so its text does not flash empty. */
  persona: Persona | null;
  onOpenChange: (open: boolean) => void;
}

export function DeletePersonaDialog({ open, persona, onOpenChange }: DeletePersonaDialogProps) {
  const deletePersona = useDeletePersona();

  const confirm = () => {
    if (!persona) return;
    deletePersona.mutate(persona.id, {
      onSuccess: () => {
        toast.success("Persona deleted");
        onOpenChange(false);
      },
      onError: (error) => toast.error(errorMessage(error, "Failed to delete persona")),
    });
  };

  return (
    <ConfirmDeleteDialog
      open={open && persona !== null}
      onOpenChange={onOpenChange}
      title="Delete Persona?"
      description={
        <>
          This action cannot be undone. This will permanently delete{" "}
          <span className="font-medium text-foreground">{persona?.name}</span> from your persona
          library.
        </>
      }
      pending={deletePersona.isPending}
      onConfirm={confirm}
    />
  );
}
