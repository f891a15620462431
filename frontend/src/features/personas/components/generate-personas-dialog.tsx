import { FileTextIcon, Loader2Icon, SparklesIcon, XIcon } from "lucide-react";
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
import { Label } from "@/components/ui/label";
import {
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from "@/components/ui/select";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { Textarea } from "@/components/ui/textarea";
import { errorMessage } from "@/lib/api-client";
import type { Diversity, GeneratePersonasRequest } from "@/lib/api-types";
import { useGeneratePersonas } from "../api/generate-personas";
import {
  DEFAULT_PERSONA_COUNT,
  GENERATE_MAX_CHARS,
  generateInputError,
  PERSONA_COUNT_OPTIONS,
  type GenerateMode,
} from "../utils/persona-form";
import { DocumentUploadButton, type LoadedDocument } from "./document-upload-button";

const DIVERSITY_OPTIONS: { value: Diversity; label: string }[] = [
  { value: "low", label: "Low" },
  { value: "medium", label: "Medium" },
  { value: "high", label: "High" },
];

export interface GeneratePersonasDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** Generate Personas dialog. Mount with a `key` per opening so it starts fresh. */
export function GeneratePersonasDialog({ open, onOpenChange }: GeneratePersonasDialogProps) {
  const [mode, setMode] = useState<GenerateMode>("text");
  const [description, setDescription] = useState("");
  const [document, setDocument] = useState<LoadedDocument | null>(null);
  const [count, setCount] = useState(DEFAULT_PERSONA_COUNT);
  const [diversity, setDiversity] = useState<Diversity>("medium");
  const [inputError, setInputError] = useState<string | null>(null);
  const generate = useGeneratePersonas();

  const handleGenerate = () => {
    const text = mode === "text" ? description : (document?.text ?? "");
    const problem = generateInputError(mode, text);
    setInputError(problem);
    if (problem) {
      toast.error(problem);
      return;
    }
    const request: GeneratePersonasRequest =
      mode === "text"
        ? { description: description.trim(), count, diversity }
        : { documentText: text, count, diversity };
    generate.mutate(request, {
      onSuccess: (result) => {
        toast.success(`Generated ${result.personas.length} personas successfully`);
        onOpenChange(false);
      },
      onError: (error) => toast.error(errorMessage(error, "Failed to generate personas")),
    });
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-xl">
        <DialogHeader>
          <DialogTitle>Generate Personas</DialogTitle>
          <DialogDescription>
            Describe a target audience or upload research material, and the AI drafts a set of
            personas for your library.
          </DialogDescription>
        </DialogHeader>

        <Tabs
          value={mode}
          onValueChange={(v) => {
            setMode(v as GenerateMode);
            setInputError(null);
          }}
        >
          <TabsList className="grid grid-cols-2">
            <TabsTrigger value="text">Text Description</TabsTrigger>
            <TabsTrigger value="document">Upload Document</TabsTrigger>
          </TabsList>
          <TabsContent value="text" className="space-y-2">
            <Label htmlFor="generate-description">Audience description</Label>
            <Textarea
              id="generate-description"
              rows={6}
              maxLength={GENERATE_MAX_CHARS}
              value={description}
              placeholder="e.g. Urban millennials who buy eco-friendly household products and care about packaging waste"
              aria-invalid={mode === "text" && inputError !== null}
              aria-describedby="generate-description-count"
              onChange={(e) => {
                setDescription(e.target.value.slice(0, GENERATE_MAX_CHARS));
                setInputError(null);
              }}
            />
            <p
              id="generate-description-count"
              className="text-right text-xs text-muted-foreground tabular-nums"
            >
              {description.length}/{GENERATE_MAX_CHARS}
            </p>
          </TabsContent>
          <TabsContent value="document" className="space-y-3">
            <p className="text-sm text-muted-foreground">
              PDF, DOCX, TXT, CSV, JPG, PNG, WEBP or GIF, up to 10MB.
            </p>
            {document ? (
              <div className="flex items-center gap-3 rounded-lg border bg-muted/40 px-3 py-2">
                <FileTextIcon className="size-5 text-muted-foreground" aria-hidden="true" />
                <div className="min-w-0 flex-1">
                  <p className="truncate text-sm font-medium">{document.filename}</p>
                  <p className="text-xs text-muted-foreground">
                    {document.text.length.toLocaleString()} characters extracted
                  </p>
                </div>
                <Button
                  variant="ghost"
                  size="icon-sm"
                  aria-label="Remove document"
                  onClick={() => setDocument(null)}
                >
                  <XIcon />
                </Button>
              </div>
            ) : (
              <DocumentUploadButton
                label="Choose File"
                onLoaded={(doc) => {
                  setDocument(doc);
                  setInputError(null);
                }}
              />
            )}
          </TabsContent>
        </Tabs>

        {inputError && (
          <p role="alert" className="text-sm text-destructive">
            {inputError}
          </p>
        )}

        <div className="grid gap-4 sm:grid-cols-2">
          <div className="space-y-2">
            <Label htmlFor="generate-count">Number of personas</Label>
            <Select value={String(count)} onValueChange={(v) => setCount(Number(v))}>
              <SelectTrigger id="generate-count">
                <SelectValue />
              </SelectTrigger>
              <SelectContent className="max-h-64">
                {PERSONA_COUNT_OPTIONS.map((n) => (
                  <SelectItem key={n} value={String(n)}>
                    {n}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          </div>
          <div className="space-y-2">
            <Label htmlFor="generate-diversity">Diversity level</Label>
            <Select value={diversity} onValueChange={(v) => setDiversity(v as Diversity)}>
              <SelectTrigger id="generate-diversity">
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                {DIVERSITY_OPTIONS.map((o) => (
                  <SelectItem key={o.value} value={o.value}>
                    {o.label}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          </div>
        </div>

        <DialogFooter>
          <Button variant="outline" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button onClick={handleGenerate} disabled={generate.isPending}>
            {generate.isPending ? (
              <Loader2Icon className="animate-spin" />
            ) : (
              <SparklesIcon aria-hidden="true" />
            )}
            {generate.isPending ? "Generating..." : "Generate Personas"}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
