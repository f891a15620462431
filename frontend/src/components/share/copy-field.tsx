import { CheckIcon, CopyIcon } from "lucide-react";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";

/** A secret shown once (a share link's URL, an API token), read-only, with a copy button. */
export function CopyField({ label, value, id }: { label: string; value: string; id: string }) {
  const [copied, setCopied] = useState<"yes" | "failed" | null>(null);
  async function copy() {
    try {
      await navigator.clipboard.writeText(value);
      setCopied("yes");
    } catch {
      setCopied("failed");
    }
  }
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      <div className="flex gap-2">
        <Input
          id={id}
          readOnly
          value={value}
          className="font-mono text-xs"
          onFocus={(e) => e.currentTarget.select()}
        />
        <Button type="button" variant="outline" onClick={() => void copy()}>
          {copied === "yes" ? <CheckIcon aria-hidden="true" /> : <CopyIcon aria-hidden="true" />}
          {copied === "yes" ? "Copied" : "Copy"}
        </Button>
      </div>
      <p className="text-xs text-muted-foreground" role="status">
        {copied === "failed"
          ? "Copying was refused by the browser: select the text and copy it."
          : "Shown this once: copy it now."}
      </p>
    </div>
  );
}
