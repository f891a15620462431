import { notify } from "@/features/dashboard/utils/notify";
import { ConfirmDeleteDialog } from "@/components/confirm-delete-dialog";
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

  const confirm = () => {
    if (!session) return;
    deleteSession.mutate(session.id, {
      onSuccess: () => {
        notify.success("Session deleted");
        onOpenChange(false);
      },
      onError: (error) => notify.error(errorMessage(error, "Failed to delete session")),
    });
  };

  return (
    <ConfirmDeleteDialog
      open={open && session !== null}
      onOpenChange={onOpenChange}
      title="Delete Session?"
      description="This action cannot be undone. This will permanently delete the session and all its data."
      pending={deleteSession.isPending}
      onConfirm={confirm}
    />
  );
}
