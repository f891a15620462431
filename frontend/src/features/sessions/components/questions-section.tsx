import { ListChecksIcon, PlusIcon, XIcon } from "lucide-react";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import {
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from "@/components/ui/select";
import type { QuestionTemplate } from "@/lib/api-types";
import { canRemoveQuestion, questionLimits, type SessionKind } from "../utils/session-form";
import { FormSection } from "./form-section";

export interface QuestionsSectionProps {
  questions: readonly string[];
  templates: readonly QuestionTemplate[];
  onChangeQuestion: (index: number, text: string) => void;
  onAdd: () => void;
  onRemove: (index: number) => void;
  onApplyTemplate: (template: QuestionTemplate) => void;
  kind?: SessionKind;
}

export function QuestionsSection({
  questions,
  templates,
  onChangeQuestion,
  onAdd,
  onRemove,
  onApplyTemplate,
  kind = "group",
}: QuestionsSectionProps) {
  const [templateId, setTemplateId] = useState("");
  const { min, max } = questionLimits(kind);
  const removable = canRemoveQuestion(questions.length, min);
  return (
    <FormSection
      id="questions"
      title={kind === "interview" ? "Interview Guide" : "Session Questions"}
      icon={ListChecksIcon}
      description={
        kind === "interview"
          ? "Questions or topics (1-30), asked in turn; the AI interviewer follows up on each answer."
          : "The moderator asks each question in turn; participants discuss it over 3 rounds."
      }
      aside={
        templates.length > 0 && (
          <Select
            value={templateId}
            onValueChange={(id) => {
              setTemplateId(id);
              const template = templates.find((t) => t.id === id);
              if (template) onApplyTemplate(template);
            }}
          >
            <SelectTrigger className="w-full sm:w-64" aria-label="Question template">
              <SelectValue placeholder="Use a template..." />
            </SelectTrigger>
            <SelectContent>
              {templates.map((template) => (
                <SelectItem key={template.id} value={template.id}>
                  {template.name} ({template.questions.length})
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        )
      }
    >
      <ol className="space-y-2.5" aria-label="Questions">
        {questions.map((question, index) => (
          <li key={index} className="flex items-center gap-2.5">
            <span
              aria-hidden="true"
              className="flex size-7 shrink-0 items-center justify-center rounded-full bg-secondary text-xs font-semibold text-muted-foreground tabular-nums"
            >
              {index + 1}
            </span>
            <Input
              value={question}
              onChange={(e) => onChangeQuestion(index, e.target.value)}
              placeholder={
                index === 0
                  ? "e.g. What is your first impression of this product?"
                  : "Enter a question..."
              }
              aria-label={`Question ${index + 1}`}
              maxLength={1000}
            />
            {removable && (
              <Button
                variant="ghost"
                size="icon-sm"
                aria-label={`Remove question ${index + 1}`}
                className="text-muted-foreground hover:text-destructive"
                onClick={() => onRemove(index)}
              >
                <XIcon />
              </Button>
            )}
          </li>
        ))}
      </ol>
      <div className="flex items-center justify-between gap-3">
        <Button variant="outline" size="sm" onClick={onAdd} disabled={questions.length >= max}>
          <PlusIcon aria-hidden="true" />
          Add Question
        </Button>
        <span className="text-xs text-muted-foreground tabular-nums">
          {questions.length} of {max} questions
        </span>
      </div>
    </FormSection>
  );
}
