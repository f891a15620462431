import { Share2Icon } from "lucide-react";
import { lazy, Suspense, useState } from "react";
import { Button } from "@/components/ui/button";
import type { ShareKind } from "./share-links-api";

const ShareDialog = lazy(() => import("./share-dialog"));

/** "Share" on a session's or survey's results: opens the share-link dialog, whose code
 * loads when first opened. */
export function ShareButton({ kind, id, name }: { kind: ShareKind; id: string; name: string }) {
  const [open, setOpen] = useState(false);
  const [opened, setOpened] = useState(false);
  return (
    <>
      <Button
        type="button"
        variant="outline"
        onClick={() => {
          setOpened(true);
          setOpen(true);
        }}
      >
        <Share2Icon aria-hidden="true" />
        Share
      </Button>
      {opened && (
        <Suspense fallback={null}>
          <ShareDialog kind={kind} id={id} name={name} open={open} onOpenChange={setOpen} />
        </Suspense>
      )}
    </>
  );
}
