import { useLocation } from "react-router";
import { PageHeader } from "@/components/page-header";
import { PersonaAvatar } from "@/components/persona-avatar";
import { personaFromNavigationState } from "@/lib/navigation";

/** Create New Session (SPEC §2). The setup form is built in a later issue. */
export function CreateSessionPage() {
  const location = useLocation();
  const persona = personaFromNavigationState(location.state);
  return (
    <>
      <PageHeader title="Create New Session" description="Set up a moderated focus group with 3-8 personas." />
      {persona && (
        <div
          className="flex items-center gap-3 rounded-xl border bg-card p-4"
          data-testid="preselected-persona"
        >
          <PersonaAvatar name={persona.name} index={0} />
          <div>
            <p className="text-sm text-muted-foreground">First participant</p>
            <p className="font-medium">{persona.name}</p>
          </div>
        </div>
      )}
    </>
  );
}
