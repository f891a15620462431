import { Loader2Icon } from "lucide-react";
import { useState } from "react";
import { toast } from "sonner";
import { Button } from "@/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "@/components/ui/dialog";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { errorMessage } from "@/lib/api-client";
import type { Persona } from "@/lib/api-types";
import { completeTraits } from "@/utils/traits";
import { PersonaAuditPanel } from "@/components/persona-audit";
import { useAnalyzeDocument } from "../api/analyze-document";
import { useCreatePersona } from "../api/create-persona";
import { usePersonaTemplates } from "../api/get-persona-templates";
import { useUpdatePersona } from "../api/update-persona";
import { usePersonaForm } from "../hooks/use-persona-form";
import { AI_ASSIST_MIN_CHARS, toPersonaInput } from "../utils/persona-form";
import { AI_ASSIST_TOO_SHORT, AiAssistTab } from "./persona-form/ai-assist-tab";
import { BasicInfoTab, CUSTOM_TEMPLATE } from "./persona-form/basic-info-tab";
import { BigFiveTab } from "./persona-form/big-five-tab";
import { EvidenceTab } from "./persona-form/evidence-tab";
import { InterestsTab } from "./persona-form/interests-tab";

export interface PersonaFormDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The persona being edited; null creates a new one. */
  persona: Persona | null;
}

/** Create/edit dialog. Mount with a `key` per opening so the form starts fresh. */
export function PersonaFormDialog({ open, onOpenChange, persona }: PersonaFormDialogProps) {
  const isEdit = persona !== null;
  const form = usePersonaForm(persona);
  const [tab, setTab] = useState("basic");
  const [templateId, setTemplateId] = useState(CUSTOM_TEMPLATE);
  const [assistText, setAssistText] = useState("");
  const [analysis, setAnalysis] = useState<string | null>(null);

  const templates = usePersonaTemplates(!isEdit && open);
  const createPersona = useCreatePersona();
  const updatePersona = useUpdatePersona();
  const analyze = useAnalyzeDocument();
  const saving = createPersona.isPending || updatePersona.isPending;

  const handleAnalyze = () => {
    if (assistText.trim().length < AI_ASSIST_MIN_CHARS) {
      toast.error(AI_ASSIST_TOO_SHORT);
      return;
    }
    analyze.mutate(
      { documentText: assistText, currentTraits: form.values.traits },
      {
        onSuccess: (result) => {
          setAnalysis(result.analysis);
          form.setTraits(completeTraits({ ...form.values.traits, ...result.traits }));
          toast.success("Document analyzed! Review the AI suggestions and adjust as needed.");
        },
        onError: (error) => toast.error(errorMessage(error, "Failed to analyze document")),
      },
    );
  };

  const handleSave = () => {
    if (!form.canSave || saving) return;
    const input = toPersonaInput(form.values);
    const onError = (error: unknown) => toast.error(errorMessage(error, "Failed to save persona"));
    if (persona) {
      updatePersona.mutate(
        { id: persona.id, input },
        {
          onSuccess: () => {
            toast.success("Persona updated successfully");
            onOpenChange(false);
          },
          onError,
        },
      );
    } else {
      createPersona.mutate(input, {
        onSuccess: () => {
          toast.success("Persona created successfully");
          onOpenChange(false);
        },
        onError,
      });
    }
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-2xl">
        <DialogHeader>
          <DialogTitle>{isEdit ? "Edit Persona" : "Create New Persona"}</DialogTitle>
          <DialogDescription>
            Demographics, Big Five personality scores and interests shape how this persona responds.
          </DialogDescription>
        </DialogHeader>

        <form
          onSubmit={(e) => {
            e.preventDefault();
            handleSave();
          }}
          className="min-w-0"
        >
          <Tabs value={tab} onValueChange={setTab}>
            <TabsList
              className={`grid h-auto grid-cols-2 sm:h-9 ${isEdit ? "sm:grid-cols-5" : "sm:grid-cols-4"}`}
            >
              <TabsTrigger value="basic">Basic Info</TabsTrigger>
              <TabsTrigger value="bigfive">Big Five</TabsTrigger>
              <TabsTrigger value="interests">Interests</TabsTrigger>
              <TabsTrigger value="assist">AI Assist</TabsTrigger>
              {persona && <TabsTrigger value="evidence">Evidence</TabsTrigger>}
            </TabsList>
            <div className="min-h-[22rem]">
              <TabsContent value="basic">
                <BasicInfoTab
                  form={form}
                  templates={isEdit ? undefined : (templates.data ?? [])}
                  templateId={templateId}
                  onTemplateChange={setTemplateId}
                />
              </TabsContent>
              <TabsContent value="bigfive">
                <BigFiveTab form={form} />
                {persona && (
                  <div className="mt-6 border-t pt-4">
                    <PersonaAuditPanel persona={persona} />
                  </div>
                )}
              </TabsContent>
              <TabsContent value="interests">
                <InterestsTab form={form} />
              </TabsContent>
              <TabsContent value="assist">
                <AiAssistTab
                  text={assistText}
                  onTextChange={setAssistText}
                  analysis={analysis}
                  analyzing={analyze.isPending}
                  onAnalyze={handleAnalyze}
                />
              </TabsContent>
              {persona && (
                <TabsContent value="evidence">
                  <EvidenceTab
                    personaId={persona.id}
                    onSuggested={(result) => {
                      setAnalysis(result.analysis);
                      form.setTraits(completeTraits({ ...form.values.traits, ...result.traits }));
                    }}
                  />
                </TabsContent>
              )}
            </div>
          </Tabs>

          <DialogFooter className="mt-6 items-center">
            {!form.canSave && (
              <p className="mr-auto text-xs text-muted-foreground" data-testid="save-hint">
                Name, location and at least one interest are required.
              </p>
            )}
            <Button variant="outline" onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={!form.canSave || saving}>
              {saving && <Loader2Icon className="animate-spin" />}
              Save Persona
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
