import { Loader2Icon, PlusIcon, UploadIcon } from "lucide-react";
import { type KeyboardEvent, useId, useRef, useState } from "react";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Textarea } from "@/components/ui/textarea";
import type { StimulusType } from "@/lib/api-types";
import type { StimulusDraft } from "../utils/stimuli";
import { STIMULUS_TYPE_LABELS } from "../utils/stimuli";

const CONTENT_LABELS: Record<StimulusType, string> = {
  image: "Image URL",
  text: "Content",
  url: "URL",
  video: "Video URL",
  audio: "Audio URL",
};

const CONTENT_PLACEHOLDERS: Record<StimulusType, string> = {
  image: "https://example.com/concept.png",
  text: "Paste the concept statement, ad copy or product description...",
  url: "https://example.com/landing-page",
  video: "YouTube, Vimeo or a direct .mp4 / .webm / .mov link",
  audio: "SoundCloud, Spotify or a direct .mp3 / .wav / .m4a / .ogg link",
};

export interface AddStimulusPanelProps {
  type: StimulusType;
  uploading: boolean;
  /** Returns true when the stimulus was added (the panel then closes and clears). */
  onAdd: (draft: StimulusDraft) => boolean;
  onUpload: (files: File[]) => void;
  onCancel: () => void;
}

/** The add panel for one stimulus type; the parent remounts it (key) to clear it. */
export function AddStimulusPanel({
  type,
  uploading,
  onAdd,
  onUpload,
  onCancel,
}: AddStimulusPanelProps) {
  const id = useId();
  const fileRef = useRef<HTMLInputElement>(null);
  const [title, setTitle] = useState("");
  const [content, setContent] = useState("");
  const [description, setDescription] = useState("");

  const submit = () => onAdd({ type, title, content, description });
  // The panel sits inside the session form: Enter adds the stimulus instead of starting.
  const onKeyDown = (event: KeyboardEvent) => {
    if (
      event.key === "Enter" &&
      event.target instanceof HTMLInputElement &&
      event.target.type !== "file"
    ) {
      event.preventDefault();
      submit();
    }
  };

  return (
    <div
      role="group"
      onKeyDown={onKeyDown}
      aria-label={`Add ${STIMULUS_TYPE_LABELS[type]} stimulus`}
      className="space-y-4 rounded-lg border bg-muted/40 p-4"
      data-testid="add-stimulus-panel"
    >
      {type === "image" && (
        <div className="space-y-2">
          <input
            ref={fileRef}
            id={`${id}-files`}
            type="file"
            accept="image/jpeg,image/png,image/webp,image/gif"
            multiple
            className="sr-only"
            aria-label="Upload images"
            onChange={(e) => {
              const files = Array.from(e.target.files ?? []);
              e.target.value = "";
              if (files.length > 0) onUpload(files);
            }}
          />
          <button
            type="button"
            disabled={uploading}
            onClick={() => fileRef.current?.click()}
            className="flex w-full cursor-pointer flex-col items-center gap-1.5 rounded-lg border border-dashed bg-card px-4 py-6 text-center transition-colors hover:bg-secondary disabled:cursor-wait disabled:opacity-70"
          >
            {uploading ? (
              <Loader2Icon
                className="size-5 animate-spin text-muted-foreground"
                aria-hidden="true"
              />
            ) : (
              <UploadIcon className="size-5 text-muted-foreground" aria-hidden="true" />
            )}
            <span className="text-sm font-medium">
              {uploading ? "Uploading..." : "Choose images to upload"}
            </span>
            <span className="text-xs text-muted-foreground">
              JPG, PNG, WEBP or GIF · up to 10 files at a time · 10MB each
            </span>
          </button>
          <p className="text-center text-xs text-muted-foreground">
            or add an image by its web address
          </p>
        </div>
      )}

      <div className="grid gap-4 sm:grid-cols-2">
        <div className="space-y-2">
          <Label htmlFor={`${id}-title`}>Title</Label>
          <Input
            id={`${id}-title`}
            value={title}
            onChange={(e) => setTitle(e.target.value)}
            placeholder="e.g. Packaging concept A"
            maxLength={500}
            autoFocus={type !== "image"}
          />
        </div>
        {type !== "text" && (
          <div className="space-y-2">
            <Label htmlFor={`${id}-content`}>{CONTENT_LABELS[type]}</Label>
            <Input
              id={`${id}-content`}
              type="url"
              inputMode="url"
              value={content}
              onChange={(e) => setContent(e.target.value)}
              placeholder={CONTENT_PLACEHOLDERS[type]}
              maxLength={2000}
            />
          </div>
        )}
      </div>
      {type === "text" ? (
        <div className="space-y-2">
          <Label htmlFor={`${id}-content`}>{CONTENT_LABELS.text}</Label>
          <Textarea
            id={`${id}-content`}
            value={content}
            onChange={(e) => setContent(e.target.value)}
            placeholder={CONTENT_PLACEHOLDERS.text}
            maxLength={20000}
          />
        </div>
      ) : (
        <div className="space-y-2">
          <Label htmlFor={`${id}-description`}>
            Description <span className="font-normal text-muted-foreground">(optional)</span>
          </Label>
          <Input
            id={`${id}-description`}
            value={description}
            onChange={(e) => setDescription(e.target.value)}
            placeholder="What should participants notice?"
            maxLength={2000}
          />
        </div>
      )}

      <div className="flex justify-end gap-2">
        <Button variant="outline" size="sm" onClick={onCancel} disabled={uploading}>
          Cancel
        </Button>
        <Button size="sm" onClick={submit} disabled={uploading}>
          <PlusIcon aria-hidden="true" />
          Add Stimulus
        </Button>
      </div>
    </div>
  );
}
