import { PageHeader } from "@/components/page-header";
import { MembersPanel } from "@/features/workspaces/components/members-panel";

/** Members and roles: admins manage the workspaces and who may read or write in each. */
export function MembersPage() {
  return (
    <>
      <PageHeader
        title="Members and roles"
        description="Workspaces keep each team's personas, sessions, surveys and syntheses apart."
      />
      <MembersPanel />
    </>
  );
}
