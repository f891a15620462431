import { ExternalLinkIcon, PresentationIcon } from "lucide-react";
import { Card } from "@/components/ui/card";
import type { Stimulus, StimulusInput } from "@/lib/api-types";
import { PLATFORM_LABELS, platformOf, VIDEOS_MAX, youtubeEmbedUrl } from "../utils/stimuli";
import { StimulusBadge } from "./stimulus-badge";

type Item = Stimulus | StimulusInput;

function ItemHeader({ stimulus }: { stimulus: Item }) {
  return (
    <div className="flex items-center justify-between gap-2">
      <h3 className="truncate text-sm font-medium" title={stimulus.title}>
        {stimulus.title}
      </h3>
      <StimulusBadge stimulus={stimulus as StimulusInput} />
    </div>
  );
}

function Description({ stimulus }: { stimulus: Item }) {
  return stimulus.description ? (
    <p className="text-xs text-muted-foreground">{stimulus.description}</p>
  ) : null;
}

/** A link to the item's own page for platforms a native player cannot play. */
function OpenOnPlatform({ stimulus }: { stimulus: Item }) {
  const platform = platformOf(stimulus as StimulusInput);
  if (!platform || platform === "direct" || platform === "youtube") return null;
  return (
    <a
      href={stimulus.content}
      target="_blank"
      rel="noopener noreferrer"
      className="inline-flex items-center gap-1 text-xs text-primary hover:underline"
    >
      Open on {PLATFORM_LABELS[platform]}
      <ExternalLinkIcon className="size-3" aria-hidden="true" />
    </a>
  );
}

function VideoItem({ stimulus }: { stimulus: Item }) {
  const embed =
    platformOf(stimulus as StimulusInput) === "youtube" ? youtubeEmbedUrl(stimulus.content) : null;
  return (
    <li className="space-y-2 rounded-lg border p-3" data-testid="stimulus-video">
      <ItemHeader stimulus={stimulus} />
      <div className="aspect-video overflow-hidden rounded-md bg-black">
        {embed ? (
          <iframe
            src={embed}
            title={stimulus.title}
            className="size-full"
            loading="lazy"
            allow="accelerometer; encrypted-media; gyroscope; picture-in-picture; fullscreen"
            referrerPolicy="strict-origin-when-cross-origin"
          />
        ) : (
          <video
            src={stimulus.content}
            controls
            preload="metadata"
            className="size-full"
            aria-label={stimulus.title}
          >
            <track kind="captions" />
          </video>
        )}
      </div>
      <Description stimulus={stimulus} />
      <OpenOnPlatform stimulus={stimulus} />
    </li>
  );
}

function AudioItem({ stimulus }: { stimulus: Item }) {
  return (
    <li className="space-y-2 rounded-lg border p-3" data-testid="stimulus-audio">
      <ItemHeader stimulus={stimulus} />
      <audio
        src={stimulus.content}
        controls
        preload="none"
        className="w-full"
        aria-label={stimulus.title}
      />
      <Description stimulus={stimulus} />
      <OpenOnPlatform stimulus={stimulus} />
    </li>
  );
}

function ImageItem({ stimulus }: { stimulus: Item }) {
  return (
    <li className="space-y-2 rounded-lg border p-3" data-testid="stimulus-image">
      <ItemHeader stimulus={stimulus} />
      <a href={stimulus.content} target="_blank" rel="noopener noreferrer" className="block">
        <img
          src={stimulus.content}
          alt={stimulus.title}
          loading="lazy"
          className="max-h-56 w-full rounded-md bg-muted object-contain"
        />
      </a>
      <Description stimulus={stimulus} />
    </li>
  );
}

function TextItem({ stimulus }: { stimulus: Item }) {
  return (
    <li className="space-y-2 rounded-lg border bg-muted/40 p-3" data-testid="stimulus-text">
      <ItemHeader stimulus={stimulus} />
      <p
        tabIndex={0}
        className="max-h-48 overflow-y-auto rounded-sm text-sm whitespace-pre-wrap outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50"
      >
        {stimulus.content}
      </p>
    </li>
  );
}

function LinkItem({ stimulus }: { stimulus: Item }) {
  return (
    <li className="space-y-1 rounded-lg border p-3" data-testid="stimulus-link">
      <ItemHeader stimulus={stimulus} />
      <a
        href={stimulus.content}
        target="_blank"
        rel="noopener noreferrer"
        className="inline-flex max-w-full items-center gap-1 text-sm text-primary hover:underline"
      >
        <span className="truncate">{stimulus.content}</span>
        <ExternalLinkIcon className="size-3.5 shrink-0" aria-hidden="true" />
      </a>
      <Description stimulus={stimulus} />
    </li>
  );
}

/**
 * Stimulus Materials of the live session (product-rules §2): at most 2 videos, side by side in two
 * columns, then audio players, images, text blocks and links in the same grid.
 */
export function StimulusMaterials({ stimuli }: { stimuli: readonly Item[] }) {
  if (stimuli.length === 0) return null;
  const of = (type: string) => stimuli.filter((s) => s.type === type);
  const videos = of("video").slice(0, VIDEOS_MAX);
  const audio = of("audio");
  const images = of("image");
  const texts = of("text");
  const links = of("url");
  return (
    <Card role="region" aria-labelledby="stimuli-heading" className="gap-4 p-5">
      <div className="flex items-center gap-2">
        <PresentationIcon className="size-4 text-primary" aria-hidden="true" />
        <h2 id="stimuli-heading" className="font-semibold">
          Stimulus Materials
        </h2>
      </div>
      <ul className="grid gap-4 sm:grid-cols-2" aria-label="Stimuli">
        {videos.map((s, i) => (
          <VideoItem key={s.id ?? `v${i}`} stimulus={s} />
        ))}
        {audio.map((s, i) => (
          <AudioItem key={s.id ?? `a${i}`} stimulus={s} />
        ))}
        {images.map((s, i) => (
          <ImageItem key={s.id ?? `i${i}`} stimulus={s} />
        ))}
        {texts.map((s, i) => (
          <TextItem key={s.id ?? `t${i}`} stimulus={s} />
        ))}
        {links.map((s, i) => (
          <LinkItem key={s.id ?? `l${i}`} stimulus={s} />
        ))}
      </ul>
    </Card>
  );
}
