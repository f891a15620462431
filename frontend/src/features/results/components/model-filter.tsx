import { CpuIcon } from "lucide-react";
import type { SessionMessage } from "@/lib/api-types";
import { ALL_MODELS, answerModel } from "../utils/models";

/** The transcript's model filter: shown when several models wrote the answers. */
export function ModelFilter({
  models,
  value,
  onChange,
}: {
  models: readonly string[];
  value: string;
  onChange: (model: string) => void;
}) {
  if (models.length < 2) return null;
  return (
    <select
      aria-label="Filter by model"
      className="h-9 rounded-md border border-input bg-card px-2 text-sm sm:w-56"
      value={value}
      onChange={(e) => onChange(e.target.value)}
    >
      <option value={ALL_MODELS}>All models</option>
      {models.map((m) => (
        <option key={m} value={m}>
          {m}
        </option>
      ))}
    </select>
  );
}

/** Which model (and profile) wrote an answer. */
export function ModelTag({
  message,
}: {
  message: Pick<SessionMessage, "kind" | "model" | "profileName">;
}) {
  const model = answerModel(message);
  return (
    <span
      className="inline-flex items-center gap-1 rounded border px-1.5 text-[11px] text-muted-foreground"
      title={message.profileName ? `Profile ${message.profileName}` : undefined}
      data-testid="message-model"
    >
      <CpuIcon className="size-3" aria-hidden="true" />
      {model}
    </span>
  );
}
