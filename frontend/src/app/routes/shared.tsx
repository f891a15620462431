import { useParams } from "react-router";
import { SharedPage } from "@/features/sharing/components/shared-page";

/** /share/:token (docs/teams.md#share-links): a read-only view of one session's or survey's
 * results, outside the app's layout. */
export function SharedResultsPage() {
  const { token = "" } = useParams();
  return <SharedPage token={token} />;
}
