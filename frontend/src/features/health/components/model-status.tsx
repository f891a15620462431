import { CpuIcon } from "lucide-react";
import { useHealth } from "../api/get-health";

/** Discreet line naming the active LLM, e.g. "Model: local · SmolLM2-135M-Instruct". */
export function ModelStatus() {
  const { data, isError } = useHealth();
  let text = "Model: …";
  if (data) text = `Model: ${data.llm.provider} · ${data.llm.model}`;
  else if (isError) text = "Model: unavailable";
  return (
    <p
      className="flex items-center gap-1.5 truncate text-xs text-muted-foreground"
      title={text}
      data-testid="model-status"
    >
      <CpuIcon className="size-3.5 shrink-0" aria-hidden="true" />
      <span className="truncate">{text}</span>
    </p>
  );
}
