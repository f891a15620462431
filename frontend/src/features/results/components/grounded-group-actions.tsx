import { Loader2Icon, PlayIcon, UserPlusIcon } from "lucide-react";
import { useNavigate } from "react-router";
import { toast } from "sonner";
import { paths } from "@/config/paths";
import { Button } from "@/components/ui/button";
import { errorMessage } from "@/lib/api-client";
import type { SessionHeader } from "@/lib/api-types";
import { useCreateGroupPersonas, useReplayGroup } from "../api/grounded-group";

/** On an imported human group (docs/evidence.md): make personas from its people (from every other
 * question; the rest are held out), then replay the group with them on the held-out
 * questions, or in-sample on request (docs/evidence.md). */
export function GroundedGroupActions({ session }: { session: SessionHeader }) {
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
                `${result.personas.length} personas created from this group's answers to ${result.evidenceQuestions.length} of ${
                  result.evidenceQuestions.length + result.heldOutQuestions.length
                } questions (the rest held out for the replay): fill in their demographics in the Persona Library`,
              ),
            onError: (error) => toast.error(errorMessage(error, "Could not create personas")),
          })
        }
      >
        {create.isPending ? (
          <Loader2Icon className="animate-spin" />
        ) : (
          <UserPlusIcon aria-hidden="true" />
        )}
        Create personas from these participants
      </Button>
    );
  }
  const learnt = session.groundedPersonasQuestions;
  const heldOut = learnt ? session.questions.length - new Set(learnt).size : 0;
  const run = (inSample: boolean) =>
    replay.mutate(inSample, {
      onSuccess: (copy) => navigate(paths.session.getHref(copy.id)),
      onError: (error) => toast.error(errorMessage(error, "Could not replay the group")),
    });
  return (
    <>
      {heldOut > 0 && (
        <Button variant="outline" disabled={replay.isPending} onClick={() => run(false)}>
          {replay.isPending ? (
            <Loader2Icon className="animate-spin" />
          ) : (
            <PlayIcon aria-hidden="true" />
          )}
          Replay on {heldOut} held-out question{heldOut === 1 ? "" : "s"}
        </Button>
      )}
      <Button
        variant="outline"
        disabled={replay.isPending}
        title="Asks the questions whose answers the personas were built from: the similarity then measures recall"
        onClick={() => run(true)}
      >
        {replay.isPending ? (
          <Loader2Icon className="animate-spin" />
        ) : (
          <PlayIcon aria-hidden="true" />
        )}
        Replay in-sample (the personas saw these answers)
      </Button>
    </>
  );
}
