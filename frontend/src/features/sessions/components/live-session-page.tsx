import { useParams } from "react-router";
import { PageHeader } from "@/components/page-header";

/** Live session runner (SPEC §2 /session/{id}); built in a later issue. */
export function LiveSessionPage() {
  const { id = "" } = useParams();
  return <PageHeader title="Live Session" description={`Session ${id}`} />;
}
