import { Loader2Icon, SparklesIcon } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Label } from "@/components/ui/label";
import { Textarea } from "@/components/ui/textarea";
import { AI_ASSIST_MIN_CHARS } from "../../utils/persona-form";
import { DocumentUploadButton } from "../document-upload-button";

export interface AiAssistTabProps {
  text: string;
  onTextChange: (text: string) => void;
  analysis: string | null;
  analyzing: boolean;
  onAnalyze: () => void;
}

export const AI_ASSIST_TOO_SHORT = "Please provide at least 50 characters of text to analyze";

export function AiAssistTab({
  text,
  onTextChange,
  analysis,
  analyzing,
  onAnalyze,
}: AiAssistTabProps) {
  const tooShort = text.trim().length < AI_ASSIST_MIN_CHARS;
  return (
    <div className="space-y-4">
      <div className="space-y-2">
        <div className="flex items-center justify-between gap-2">
          <Label htmlFor="persona-ai-text">Source text</Label>
          <DocumentUploadButton
            label="Load from file"
            variant="ghost"
            disabled={analyzing}
            onLoaded={(doc) => onTextChange(doc.text)}
          />
        </div>
        <p className="text-xs text-muted-foreground">
          Paste an interview transcript, survey answers or social posts. The AI suggests Big Five
          scores you can review in the Big Five tab.
        </p>
        <Textarea
          id="persona-ai-text"
          value={text}
          rows={7}
          placeholder="Paste text about this consumer..."
          onChange={(e) => onTextChange(e.target.value)}
          aria-describedby="persona-ai-count"
        />
        <div className="flex items-center justify-between gap-2 text-xs">
          <span className={tooShort ? "text-muted-foreground" : "text-emerald-700"}>
            {tooShort ? AI_ASSIST_TOO_SHORT : "Ready to analyze"}
          </span>
          <span id="persona-ai-count" className="text-muted-foreground tabular-nums">
            {text.length} characters
          </span>
        </div>
      </div>
      <Button onClick={onAnalyze} disabled={tooShort || analyzing} variant="secondary">
        {analyzing ? <Loader2Icon className="animate-spin" /> : <SparklesIcon aria-hidden="true" />}
        {analyzing ? "Analyzing..." : "Analyze"}
      </Button>
      {analysis && (
        <div className="rounded-lg border bg-accent/40 p-4" data-testid="ai-analysis">
          <p className="mb-1 text-sm font-medium">AI analysis</p>
          <p className="text-sm whitespace-pre-wrap text-muted-foreground">{analysis}</p>
        </div>
      )}
    </div>
  );
}
