import { SparklesIcon } from "lucide-react";
import { useNavigate } from "react-router";
import { Button } from "@/components/ui/button";
import { paths } from "@/config/paths";
import { errorMessage } from "@/lib/api-client";
import { useStartSynthesis } from "@/features/studies/api/synthesis";

/** "Synthesise": starts the synthesis of the picked sessions and opens it. */
export function SynthesiseButton({
  sessionIds,
  onError,
}: {
  sessionIds: readonly string[];
  onError: (message: string) => void;
}) {
  const navigate = useNavigate();
  const start = useStartSynthesis();
  return (
    <Button
      variant="outline"
      disabled={sessionIds.length === 0 || start.isPending}
      data-testid="synthesise-button"
      onClick={() =>
        start.mutate(sessionIds, {
          onSuccess: (synthesis) => void navigate(paths.synthesis.getHref(synthesis.id)),
          onError: (error) => onError(errorMessage(error, "Could not start the synthesis")),
        })
      }
    >
      <SparklesIcon aria-hidden="true" />
      {start.isPending
        ? "Starting..."
        : `Synthesise ${sessionIds.length} session${sessionIds.length === 1 ? "" : "s"}`}
    </Button>
  );
}
