import { lazy, Suspense, useState } from "react";
import { Button } from "@/components/ui/button";
import { UploadIcon } from "lucide-react";

// The import dialog's code (a dialog, a file form) loads on the first click
// (docs/performance.md#a-light-first-screen).
const ImportHumanDialog = lazy(() =>
  import("./import-human-dialog").then((m) => ({ default: m.ImportHumanDialog })),
);

function Placeholder({ onClick, busy }: { onClick?: () => void; busy?: boolean }) {
  return (
    <Button variant="outline" onClick={onClick} disabled={busy} aria-busy={busy || undefined}>
      <UploadIcon aria-hidden="true" />
      Import a real focus group
    </Button>
  );
}

export function ImportHumanLauncher() {
  const [wanted, setWanted] = useState(false);
  if (!wanted) return <Placeholder onClick={() => setWanted(true)} />;
  return (
    <Suspense fallback={<Placeholder busy />}>
      <ImportHumanDialog defaultOpen />
    </Suspense>
  );
}
