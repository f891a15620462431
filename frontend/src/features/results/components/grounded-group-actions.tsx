import { Loader2Icon, PlayIcon, UserPlusIcon } from "lucide-react";
import { useNavigate } from "react-router";
import { toast } from "sonner";
import { paths } from "@/app/paths";
import { Button } from "@/components/ui/button";
import { errorMessage } from "@/lib/api-client";
import type { Session } from "@/lib/api-types";
import { useCreateGroupPersonas, useReplayGroup } from "../api/grounded-group";

/** On an imported human group (issue 29): make personas from its people, then replay the
 * group with them. */
export function GroundedGroupActions({ session }: { session: Session }) {
  const navigate = useNavigate();
  const create = useCreateGroupPersonas(session.id);
  const replay = useReplayGroup(session.id);
  if (session.source !== "human") return null;
  const made = (session.groundedPersonas ?? []).some(Boolean);
  if (!made) {
    return (
      <Button
        variant="outline"
        disabled={create.isPending}
        onClick={() =>
          create.mutate(undefined, {
            onSuccess: (result) =>
              toast.success(
                `${result.personas.length} personas created from this group: fill in their demographics in the Persona Library`,
              ),
            onError: (error) => toast.error(errorMessage(error, "Could not create personas")),
          })
        }
      >
        {create.isPending ? <Loader2Icon className="animate-spin" /> : <UserPlusIcon aria-hidden="true" />}
        Create personas from these participants
      </Button>
    );
  }
  return (
    <Button
      variant="outline"
      disabled={replay.isPending}
      onClick={() =>
        replay.mutate(undefined, {
          onSuccess: (copy) => navigate(paths.session(copy.id)),
          onError: (error) => toast.error(errorMessage(error, "Could not replay the group")),
        })
      }
    >
      {replay.isPending ? <Loader2Icon className="animate-spin" /> : <PlayIcon aria-hidden="true" />}
      Replay with grounded personas
    </Button>
  );
}
