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
import type { SessionSummary } from "@/lib/api-types";
import { useDeleteSession } from "../api/delete-session";

export interface DeleteSessionDialogProps {
  open: boolean;
  session: SessionSummary | null;
  onOpenChange: (open: boolean) => void;
}

export function DeleteSessionDialog({ open, session, onOpenChange }: DeleteSessionDialogProps) {
  const deleteSession = useDeleteSession();

  const confirm = (event: React.MouseEvent) => {
    event.preventDefault(); // keep the dialog open until the server answers
    if (!session) return;
    deleteSession.mutate(session.id, {
      onSuccess: () => {
        toast.success("Session deleted");
        onOpenChange(false);
      },
      onError: (error) => toast.error(errorMessage(error, "Failed to delete session")),
    });
  };

  return (
    <AlertDialog open={open && session !== null} onOpenChange={onOpenChange}>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>Delete Session?</AlertDialogTitle>
          <AlertDialogDescription>
            This action cannot be undone. This will permanently delete the session and all its data.
          </AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel disabled={deleteSession.isPending}>Cancel</AlertDialogCancel>
          <AlertDialogAction onClick={confirm} disabled={deleteSession.isPending}>
            {deleteSession.isPending ? "Deleting..." : "Delete"}
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
