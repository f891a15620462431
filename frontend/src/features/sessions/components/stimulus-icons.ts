import {
  FileTextIcon,
  ImageIcon,
  LinkIcon,
  type LucideIcon,
  MusicIcon,
  VideoIcon,
} from "lucide-react";
import type { StimulusType } from "@/lib/api-types";

export const STIMULUS_ICONS: Record<StimulusType, LucideIcon> = {
  image: ImageIcon,
  text: FileTextIcon,
  url: LinkIcon,
  video: VideoIcon,
  audio: MusicIcon,
};
