/**
 * Stimulus rules of product-rules §5 "Stimuli" for the create form (the server checks the same on
 * Start Session, see domain/stimuli.py): limits, required fields, media URL platforms.
 */
import type { StimulusInput, StimulusPlatform, StimulusType } from "@/lib/api-types";

export const STIMULI_MAX = 10;
export const VIDEOS_MAX = 2;
export const AUDIO_MAX = 4;
export const UPLOAD_FILES_MAX = 10;
export const FILE_MAX_BYTES = 10 * 1024 * 1024;

export const MSG_MAX_STIMULI = "Maximum 10 stimuli allowed";
export const MSG_MAX_VIDEOS = "Maximum 2 videos per session";
export const MSG_MAX_AUDIO = "Maximum 4 audio files per session";
export const MSG_MAX_FILES = "Maximum 10 files allowed";
export const MSG_FILL_ALL_FIELDS = "Please fill in all fields";
export const MSG_UNSUPPORTED_VIDEO = "Unsupported video URL format";
export const MSG_UNSUPPORTED_AUDIO = "Unsupported audio URL format";
export const MSG_BAD_LINK = "Links must start with http:// or https://";
export const MSG_STIMULUS_ADDED = "Stimulus added.";

export const STIMULUS_TYPES: readonly StimulusType[] = ["image", "text", "url", "video", "audio"];

export const STIMULUS_TYPE_LABELS: Record<StimulusType, string> = {
  image: "Image",
  text: "Text",
  url: "Link",
  video: "Video",
  audio: "Audio",
};

export const PLATFORM_LABELS: Record<StimulusPlatform, string> = {
  youtube: "YouTube",
  vimeo: "Vimeo",
  soundcloud: "SoundCloud",
  spotify: "Spotify",
  direct: "Direct",
};

const VIDEO_EXTENSIONS = [".mp4", ".webm", ".mov"];
const AUDIO_EXTENSIONS = [".mp3", ".wav", ".m4a", ".ogg"];

/** The URL's path, lower-cased: 'ends in mp4' ignores a query string or fragment. */
function pathOf(url: string): string {
  try {
    return new URL(url).pathname.toLowerCase();
  } catch {
    return url.toLowerCase().split(/[?#]/)[0];
  }
}

/** 'youtube', 'vimeo' or 'direct'; null means 'Unsupported video URL format'. */
export function detectVideoPlatform(url: string): StimulusPlatform | null {
  const text = url.trim().toLowerCase();
  if (!text) return null;
  if (text.includes("youtube") || text.includes("youtu.be")) return "youtube";
  if (text.includes("vimeo")) return "vimeo";
  return VIDEO_EXTENSIONS.some((ext) => pathOf(url.trim()).endsWith(ext)) ? "direct" : null;
}

/** 'soundcloud', 'spotify' or 'direct'; null means 'Unsupported audio URL format'. */
export function detectAudioPlatform(url: string): StimulusPlatform | null {
  const text = url.trim().toLowerCase();
  if (!text) return null;
  if (text.includes("soundcloud")) return "soundcloud";
  if (text.includes("spotify")) return "spotify";
  return AUDIO_EXTENSIONS.some((ext) => pathOf(url.trim()).endsWith(ext)) ? "direct" : null;
}

export function isWebUrl(text: string): boolean {
  try {
    const url = new URL(text.trim());
    return (url.protocol === "http:" || url.protocol === "https:") && url.host !== "";
  } catch {
    return false;
  }
}

/** A stimulus's platform for display: the stored one, else detected from its URL. */
export function platformOf(
  stimulus: Pick<StimulusInput, "type" | "content" | "platform">,
): StimulusPlatform | null {
  if (stimulus.platform && stimulus.platform in PLATFORM_LABELS) return stimulus.platform;
  if (stimulus.type === "video") return detectVideoPlatform(stimulus.content);
  if (stimulus.type === "audio") return detectAudioPlatform(stimulus.content);
  return null;
}

/** Why another stimulus of `type` cannot be added now, or null when it can. */
export function capacityError(
  existing: readonly Pick<StimulusInput, "type">[],
  type: StimulusType,
): string | null {
  if (existing.length >= STIMULI_MAX) return MSG_MAX_STIMULI;
  if (type === "video" && existing.filter((s) => s.type === "video").length >= VIDEOS_MAX) {
    return MSG_MAX_VIDEOS;
  }
  if (type === "audio" && existing.filter((s) => s.type === "audio").length >= AUDIO_MAX) {
    return MSG_MAX_AUDIO;
  }
  return null;
}

export interface StimulusDraft {
  type: StimulusType;
  title: string;
  content: string;
  description?: string;
}

export type BuildStimulusResult =
  { ok: true; stimulus: StimulusInput } | { ok: false; error: string };

let counter = 0;
/** A client id so list items have stable keys; the server keeps or replaces it. */
export function newStimulusId(): string {
  counter += 1;
  return `st${Date.now()}${counter}`;
}

/**
 * Checks a stimulus from the add panel against the list so far and returns it ready to add
 * (with its platform), or the product's message.
 */
export function buildStimulus(
  draft: StimulusDraft,
  existing: readonly Pick<StimulusInput, "type">[],
): BuildStimulusResult {
  const capacity = capacityError(existing, draft.type);
  if (capacity) return { ok: false, error: capacity };
  const title = draft.title.trim();
  const content = draft.content.trim();
  if (!title || !content) return { ok: false, error: MSG_FILL_ALL_FIELDS };
  let platform: StimulusPlatform | null = null;
  if (draft.type === "video") {
    platform = detectVideoPlatform(content);
    if (!platform || !isWebUrl(content)) return { ok: false, error: MSG_UNSUPPORTED_VIDEO };
  } else if (draft.type === "audio") {
    platform = detectAudioPlatform(content);
    if (!platform || !isWebUrl(content)) return { ok: false, error: MSG_UNSUPPORTED_AUDIO };
  } else if ((draft.type === "url" || draft.type === "image") && !isWebUrl(content)) {
    return { ok: false, error: MSG_BAD_LINK };
  }
  const description = draft.description?.trim();
  return {
    ok: true,
    stimulus: {
      id: newStimulusId(),
      type: draft.type,
      title,
      content,
      ...(description ? { description } : {}),
      ...(platform ? { platform } : {}),
    },
  };
}

/** The per-file upload message (product-rules §5: prefixed by the file name). */
export function uploadSizeMessage(fileName: string): string {
  return `${fileName}: File size must be less than 10MB`;
}

export interface UploadPlan {
  /** Files to upload, in order. */
  accepted: File[];
  /** Messages to show: too many files, files too large, no room left. */
  errors: string[];
}

/**
 * Which of the selected files to upload: at most 10 per selection (otherwise none), none
 * over 10MB, and no more than the room left under the 10-stimuli limit.
 */
export function planUploads(files: readonly File[], existingCount: number): UploadPlan {
  if (files.length > UPLOAD_FILES_MAX) return { accepted: [], errors: [MSG_MAX_FILES] };
  const errors: string[] = [];
  const fitting = files.filter((file) => {
    if (file.size > FILE_MAX_BYTES) {
      errors.push(uploadSizeMessage(file.name));
      return false;
    }
    return true;
  });
  const room = Math.max(0, STIMULI_MAX - existingCount);
  if (fitting.length > room) errors.push(MSG_MAX_STIMULI);
  return { accepted: fitting.slice(0, room), errors };
}

/** A title for an uploaded image: its file name without the extension. */
export function titleFromFileName(name: string): string {
  const base = name.replace(/\.[^./\\]+$/, "").trim();
  return base || name;
}

/** The YouTube video id of a watch, share, shorts or embed URL, or null. */
export function youtubeId(url: string): string | null {
  let parsed: URL;
  try {
    parsed = new URL(url.trim());
  } catch {
    return null;
  }
  const host = parsed.hostname.toLowerCase().replace(/^www\.|^m\./, "");
  const valid = (id: string | null | undefined) => (id && /^[\w-]{6,20}$/.test(id) ? id : null);
  if (host === "youtu.be") return valid(parsed.pathname.split("/")[1]);
  if (host.endsWith("youtube.com") || host.endsWith("youtube-nocookie.com")) {
    const fromQuery = valid(parsed.searchParams.get("v"));
    if (fromQuery) return fromQuery;
    const match = parsed.pathname.match(/^\/(?:embed|shorts|live|v)\/([^/?#]+)/);
    return valid(match?.[1]);
  }
  return null;
}

/** The privacy-enhanced embed URL of a YouTube video, or null when no id is found. */
export function youtubeEmbedUrl(url: string): string | null {
  const id = youtubeId(url);
  return id ? `https://www.youtube-nocookie.com/embed/${id}` : null;
}
