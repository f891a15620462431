import { DownloadIcon } from "lucide-react";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { errorMessage } from "@/lib/api-client";
import { downloadShared } from "../api/shared-api";

export interface SharedExport {
  label: string;
  url: string;
  fileName: string;
}

/** The shared results' exports, each downloaded with the link's secret. */
export function SharedDownloads({ token, exports }: { token: string; exports: SharedExport[] }) {
  const [busy, setBusy] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  async function download(item: SharedExport) {
    setBusy(item.label);
    setError(null);
    try {
      await downloadShared(token, item.url, item.fileName);
    } catch (e) {
      setError(errorMessage(e, "The download failed"));
    } finally {
      setBusy(null);
    }
  }

  return (
    <section aria-labelledby="shared-exports" className="flex flex-col gap-2">
      <h2 id="shared-exports" className="text-lg font-semibold">
        Exports
      </h2>
      <div className="flex flex-wrap gap-2">
        {exports.map((item) => (
          <Button
            key={item.label}
            type="button"
            variant="outline"
            disabled={busy !== null}
            onClick={() => void download(item)}
          >
            <DownloadIcon aria-hidden="true" />
            {busy === item.label ? "Downloading..." : item.label}
          </Button>
        ))}
      </div>
      {error && (
        <p role="alert" className="text-sm text-destructive">
          {error}
        </p>
      )}
    </section>
  );
}
