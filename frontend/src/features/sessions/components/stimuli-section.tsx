import { PresentationIcon } from "lucide-react";
import { useState } from "react";
import { toast } from "sonner";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { errorMessage } from "@/lib/api-client";
import type { StimulusInput, StimulusType } from "@/lib/api-types";
import { useUploadStimulus } from "../api/upload-stimulus";
import {
  buildStimulus,
  capacityError,
  MSG_STIMULUS_ADDED,
  newStimulusId,
  planUploads,
  STIMULI_MAX,
  STIMULUS_TYPE_LABELS,
  STIMULUS_TYPES,
  type StimulusDraft,
  titleFromFileName,
} from "../utils/stimuli";
import { AddStimulusPanel } from "./add-stimulus-panel";
import { FormSection } from "./form-section";
import { STIMULUS_ICONS } from "./stimulus-icons";
import { StimulusList } from "./stimulus-list";

export interface StimuliSectionProps {
  stimuli: readonly StimulusInput[];
  onChange: (update: (stimuli: StimulusInput[]) => StimulusInput[]) => void;
}

export function StimuliSection({ stimuli, onChange }: StimuliSectionProps) {
  const [panel, setPanel] = useState<{ type: StimulusType; key: number } | null>(null);
  const [uploading, setUploading] = useState(false);
  const uploadStimulus = useUploadStimulus();

  const close = () => setPanel(null);

  const open = (type: StimulusType) => {
    const error = capacityError(stimuli, type);
    if (error) {
      toast.error(error);
      return;
    }
    setPanel((p) => ({ type, key: (p?.key ?? 0) + 1 }));
  };

  const add = (draft: StimulusDraft): boolean => {
    const result = buildStimulus(draft, stimuli);
    if (!result.ok) {
      toast.error(result.error);
      return false;
    }
    onChange((list) => [...list, result.stimulus]);
    toast.success(MSG_STIMULUS_ADDED);
    close();
    return true;
  };

  const upload = async (files: File[]) => {
    const plan = planUploads(files, stimuli.length);
    for (const message of plan.errors) toast.error(message);
    if (plan.accepted.length === 0) return;
    setUploading(true);
    let uploaded = 0;
    for (const file of plan.accepted) {
      try {
        const answer = await uploadStimulus.mutateAsync(file);
        const stimulus: StimulusInput = {
          id: newStimulusId(),
          type: "image",
          title: titleFromFileName(file.name),
          content: answer.url,
        };
        onChange((list) => (list.length >= STIMULI_MAX ? list : [...list, stimulus]));
        uploaded += 1;
        toast.success(`${file.name} uploaded`);
      } catch (error) {
        const detail = errorMessage(error, "");
        toast.error(`Failed to upload ${file.name}`, detail ? { description: detail } : undefined);
      }
    }
    setUploading(false);
    if (uploaded > 0) close();
  };

  return (
    <FormSection
      id="stimuli"
      title="Add Stimuli"
      icon={PresentationIcon}
      description="Optional material for participants to react to: images, text, links, videos and audio."
      aside={
        <Badge variant="secondary" className="tabular-nums">
          {stimuli.length} / {STIMULI_MAX}
        </Badge>
      }
    >
      <div className="flex flex-wrap gap-2" role="group" aria-label="Stimulus type">
        {STIMULUS_TYPES.map((type) => {
          const Icon = STIMULUS_ICONS[type];
          const active = panel?.type === type;
          return (
            <Button
              key={type}
              variant={active ? "secondary" : "outline"}
              size="sm"
              aria-pressed={active}
              aria-label={`Add ${STIMULUS_TYPE_LABELS[type]}`}
              className={active ? "ring-1 ring-primary" : undefined}
              onClick={() => (active ? close() : open(type))}
              disabled={uploading}
            >
              <Icon aria-hidden="true" />
              {STIMULUS_TYPE_LABELS[type]}
            </Button>
          );
        })}
      </div>

      {panel && (
        <AddStimulusPanel
          key={panel.key}
          type={panel.type}
          uploading={uploading}
          onAdd={add}
          onUpload={(files) => void upload(files)}
          onCancel={close}
        />
      )}

      <StimulusList
        stimuli={stimuli}
        onRemove={(index) => onChange((list) => list.filter((_, i) => i !== index))}
      />
    </FormSection>
  );
}
