import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import {
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from "@/components/ui/select";
import type { PersonaTemplate } from "@/lib/api-types";
import type { PersonaForm } from "../../hooks/use-persona-form";
import {
  AGE_INPUT_MAX,
  AGE_INPUT_MIN,
  GENDER_OPTIONS,
  INCOME_OPTIONS,
} from "../../utils/persona-form";

const CUSTOM_TEMPLATE = "custom";

export interface BasicInfoTabProps {
  form: PersonaForm;
  /** Presets offered when creating; undefined hides the template select (edit mode). */
  templates?: PersonaTemplate[];
  templateId: string;
  onTemplateChange: (id: string) => void;
}

/** Keeps the current value selectable even when it is not one of the standard options. */
function withCurrent(options: readonly string[], current: string): string[] {
  return current && !options.includes(current) ? [...options, current] : [...options];
}

export function BasicInfoTab({ form, templates, templateId, onTemplateChange }: BasicInfoTabProps) {
  const { values, setField, chooseTemplate } = form;

  const handleTemplate = (id: string) => {
    onTemplateChange(id);
    chooseTemplate(templates?.find((t) => t.id === id) ?? null);
  };

  const clampAge = () => {
    if (values.age === "") return;
    setField("age", Math.min(AGE_INPUT_MAX, Math.max(AGE_INPUT_MIN, Math.round(values.age))));
  };

  return (
    <div className="grid gap-4 sm:grid-cols-2">
      {templates !== undefined && (
        <div className="space-y-2 sm:col-span-2">
          <Label htmlFor="persona-template">Template</Label>
          <Select value={templateId} onValueChange={handleTemplate}>
            <SelectTrigger id="persona-template">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              <SelectItem value={CUSTOM_TEMPLATE}>Custom (blank)</SelectItem>
              {templates.map((t) => (
                <SelectItem key={t.id} value={t.id}>
                  {t.name}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
          {templateId !== CUSTOM_TEMPLATE && (
            <p className="text-xs text-muted-foreground">
              {templates.find((t) => t.id === templateId)?.description}
            </p>
          )}
        </div>
      )}

      <div className="space-y-2 sm:col-span-2">
        <Label htmlFor="persona-name">Name</Label>
        <Input
          id="persona-name"
          value={values.name}
          maxLength={100}
          placeholder="e.g. Sarah Chen"
          autoComplete="off"
          onChange={(e) => setField("name", e.target.value)}
        />
      </div>

      <div className="space-y-2">
        <Label htmlFor="persona-age">Age</Label>
        <Input
          id="persona-age"
          type="number"
          inputMode="numeric"
          min={AGE_INPUT_MIN}
          max={AGE_INPUT_MAX}
          value={values.age}
          onChange={(e) => setField("age", e.target.value === "" ? "" : Number(e.target.value))}
          onBlur={clampAge}
        />
      </div>

      <div className="space-y-2">
        <Label htmlFor="persona-gender">Gender</Label>
        <Select value={values.gender} onValueChange={(v) => setField("gender", v)}>
          <SelectTrigger id="persona-gender">
            <SelectValue placeholder="Select gender" />
          </SelectTrigger>
          <SelectContent>
            {withCurrent(GENDER_OPTIONS, values.gender).map((g) => (
              <SelectItem key={g} value={g}>
                {g}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      </div>

      <div className="space-y-2">
        <Label htmlFor="persona-location">Location</Label>
        <Input
          id="persona-location"
          value={values.location}
          placeholder="e.g. Portland, OR"
          autoComplete="off"
          onChange={(e) => setField("location", e.target.value)}
        />
      </div>

      <div className="space-y-2">
        <Label htmlFor="persona-income">Income</Label>
        <Select value={values.income} onValueChange={(v) => setField("income", v)}>
          <SelectTrigger id="persona-income">
            <SelectValue placeholder="Select income" />
          </SelectTrigger>
          <SelectContent>
            {withCurrent(INCOME_OPTIONS, values.income).map((i) => (
              <SelectItem key={i} value={i}>
                {i}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      </div>

      <div className="space-y-2 sm:col-span-2">
        <Label htmlFor="persona-tags">Tags</Label>
        <Input
          id="persona-tags"
          value={values.tags}
          maxLength={500}
          placeholder="e.g. Gen Z, Chicago"
          autoComplete="off"
          aria-describedby="persona-tags-hint"
          onChange={(e) => setField("tags", e.target.value)}
        />
        <p id="persona-tags-hint" className="text-xs text-muted-foreground">
          Segments to filter the library by, separated by commas.
        </p>
      </div>
    </div>
  );
}

export { CUSTOM_TEMPLATE };
