import { useParams } from "react-router";
import { PageHeader } from "@/components/page-header";

/** Results (SPEC §2 /session/{id}/results); built in a later issue. */
export function SessionResultsPage() {
  const { id = "" } = useParams();
  return <PageHeader title="Session Results" description={`Session ${id}`} />;
}
