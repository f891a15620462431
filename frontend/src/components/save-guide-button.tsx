import { useMutation } from "@tanstack/react-query";
import { FileDownIcon, Loader2Icon } from "lucide-react";
import { toast } from "sonner";
import { Button } from "@/components/ui/button";
import { errorMessage } from "@/lib/api-client";
import { downloadText, type GuideFile } from "@/utils/guides";

export interface SaveGuideButtonProps {
  /** The guide to save (a session's, or the create form's setup). */
  load: () => Promise<GuideFile>;
  disabled?: boolean;
}

/** "Save as guide": downloads the setup as a YAML guide file (`colloquy run` runs it). */
export function SaveGuideButton({ load, disabled = false }: SaveGuideButtonProps) {
  const save = useMutation({
    mutationFn: load,
    onSuccess: (file) => {
      downloadText(file.filename, file.yaml);
      toast.success(`Saved ${file.filename}`);
    },
    onError: (error) => toast.error(errorMessage(error, "Could not save the guide")),
  });
  return (
    <Button
      type="button"
      variant="outline"
      disabled={disabled || save.isPending}
      onClick={() => save.mutate()}
    >
      {save.isPending ? (
        <Loader2Icon className="animate-spin" aria-hidden="true" />
      ) : (
        <FileDownIcon aria-hidden="true" />
      )}
      Save as guide
    </Button>
  );
}
