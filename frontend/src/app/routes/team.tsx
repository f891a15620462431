import { TeamRoutes } from "@/features/team/components/team-routes";

/** /team/tokens, /team/users, /team/audit, /team/first-run (docs/teams.md#screens). */
export function TeamPage() {
  return <TeamRoutes />;
}
