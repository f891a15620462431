import { Badge } from "@/components/ui/badge";
import type { StimulusInput, StimulusType } from "@/lib/api-types";
import { PLATFORM_LABELS, platformOf, STIMULUS_TYPE_LABELS } from "../utils/stimuli";

/** The platform of a video or audio stimulus (YouTube, Spotify, Direct...), else its type. */
export function StimulusBadge({
  stimulus,
}: {
  stimulus: Pick<StimulusInput, "type" | "content" | "platform">;
}) {
  const platform = platformOf(stimulus);
  const label = platform
    ? PLATFORM_LABELS[platform]
    : (STIMULUS_TYPE_LABELS[stimulus.type as StimulusType] ?? stimulus.type);
  return (
    <Badge variant={platform ? "accent" : "secondary"} data-testid="platform-badge">
      {label}
    </Badge>
  );
}
