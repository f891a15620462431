import { toast } from "sonner";
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from "@/components/ui/alert-dialog";
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

  const confirm = (event: React.MouseEvent) => {
    // Keep the dialog open until the server answers.
    event.preventDefault();
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
    <AlertDialog open={open && persona !== null} onOpenChange={onOpenChange}>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>Delete Persona?</AlertDialogTitle>
          <AlertDialogDescription>
            This action cannot be undone. This will permanently delete{" "}
            <span className="font-medium text-foreground">{persona?.name}</span> from your persona
            library.
          </AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel disabled={deletePersona.isPending}>Cancel</AlertDialogCancel>
          <AlertDialogAction onClick={confirm} disabled={deletePersona.isPending}>
            {deletePersona.isPending ? "Deleting..." : "Delete"}
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
