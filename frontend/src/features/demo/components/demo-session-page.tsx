import { PageHeader } from "@/components/page-header";

/** Scripted demo session (SPEC §2 /demo-session); built in a later issue. */
export function DemoSessionPage() {
  return <PageHeader title="Demo Session" description="A complete focus group about eco-friendly packaging." />;
}
