import { AlertTriangleIcon, XIcon } from "lucide-react";
import { useState } from "react";
import { Link, useLocation } from "react-router";
import { paths } from "@/config/paths";
import { EMBEDDED_MODEL } from "@/utils/embedded-model";
import { useHealth } from "../api/get-health";

const HIDDEN_KEY = "colloquy.embedded-model-notice.hidden";

function hiddenThisSession(): boolean {
  try {
    return sessionStorage.getItem(HIDDEN_KEY) === "1";
  } catch {
    return false; // storage blocked: show it
  }
}

/**
 * While the active model is the embedded SmolLM2-135M, every screen says so: it shows how
 * Colloquy works offline, but its answers are too weak to learn anything from. Hidden on
 * Settings (which says it at length) and, once dismissed, for the rest of the browser session.
 */
export function EmbeddedModelNotice() {
  const { data } = useHealth();
  const { pathname } = useLocation();
  const [hidden, setHidden] = useState(hiddenThisSession);
  const embedded = data?.llm.provider === "local" && data.llm.model === EMBEDDED_MODEL;
  if (!embedded || hidden || pathname.startsWith(paths.settings.getHref())) return null;

  const hide = () => {
    try {
      sessionStorage.setItem(HIDDEN_KEY, "1");
    } catch {
      /* storage blocked: hidden until the page reloads */
    }
    setHidden(true);
  };
  return (
    <div
      role="note"
      aria-label="Demo model"
      data-testid="embedded-model-notice"
      className="mb-6 flex items-start gap-3 rounded-md border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-900"
    >
      <AlertTriangleIcon className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
      <p className="flex-1">
        Colloquy is running its embedded demo model ({EMBEDDED_MODEL}). It shows how the app works
        offline, but its answers are too weak for research.{" "}
        <Link to={paths.settings.getHref()} className="font-medium underline underline-offset-2">
          Choose a model in Settings
        </Link>
      </p>
      <button
        type="button"
        onClick={hide}
        className="rounded-sm p-0.5 text-amber-900 hover:bg-amber-100 focus-visible:ring-2 focus-visible:ring-amber-600 focus-visible:outline-none"
        aria-label="Hide this notice"
      >
        <XIcon className="size-4" aria-hidden="true" />
      </button>
    </div>
  );
}
