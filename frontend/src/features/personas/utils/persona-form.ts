import type { Persona, PersonaInput, PersonaTemplate, Traits } from "@/lib/api-types";
import { parseTags } from "@/utils/tags";
import { completeTraits } from "@/utils/traits";

export const GENDER_OPTIONS = ["Male", "Female", "Non-binary", "Prefer not to say"] as const;
export const INCOME_OPTIONS = ["Under $30k", "$30-60k", "$60-100k", "$100k+", "$150k+"] as const;

export const MAX_INTERESTS = 5;
export const AGE_INPUT_MIN = 18;
export const AGE_INPUT_MAX = 80;
export const AI_ASSIST_MIN_CHARS = 50;

export interface PersonaFormValues {
  name: string;
  /** '' while the number input is empty. */
  age: number | "";
  gender: string;
  location: string;
  income: string;
  traits: Traits;
  interests: string[];
  generatedFrom: string | null;
  /** Tags as typed, separated by commas or ';'. */
  tags: string;
}

/** product-rules §3 new persona defaults: age 30, gender Male, income $60-100k, traits 50, no interests. */
export function defaultFormValues(): PersonaFormValues {
  return {
    name: "",
    age: 30,
    gender: "Male",
    location: "",
    income: "$60-100k",
    traits: completeTraits(undefined),
    interests: [],
    generatedFrom: null,
    tags: "",
  };
}

export function formValuesFromPersona(persona: Persona): PersonaFormValues {
  return {
    name: persona.name,
    age: persona.age,
    gender: persona.gender,
    location: persona.location,
    income: persona.income,
    traits: completeTraits(persona.traits),
    interests: [...persona.interests],
    generatedFrom: persona.generatedFrom ?? null,
    tags: (persona.tags ?? []).join(", "),
  };
}

/** Fills the form from a preset; the name typed so far is kept. */
export function applyTemplate(
  values: PersonaFormValues,
  template: PersonaTemplate | null,
): PersonaFormValues {
  if (!template) return { ...defaultFormValues(), name: values.name };
  const { data } = template;
  return {
    ...values,
    age: data.age,
    gender: data.gender,
    location: data.location,
    income: data.income,
    traits: completeTraits(data.traits),
    interests: data.interests.slice(0, MAX_INTERESTS),
  };
}

/** The request body; the server validates and answers 422 with the product's messages. */
export function toPersonaInput(values: PersonaFormValues): PersonaInput {
  return {
    name: values.name.trim(),
    // An empty age is sent as null so the server reports 'Age is required'.
    age: (values.age === "" ? null : values.age) as number,
    gender: values.gender,
    location: values.location.trim(),
    income: values.income,
    traits: { ...values.traits },
    interests: values.interests.map((i) => i.trim()),
    generatedFrom: values.generatedFrom,
    tags: parseTags(values.tags),
  };
}

/** Save Persona is disabled when name or location is blank or there are no interests. */
export function canSavePersona(
  values: Pick<PersonaFormValues, "name" | "location" | "interests">,
): boolean {
  return values.name.trim() !== "" && values.location.trim() !== "" && values.interests.length > 0;
}

export type AddInterestResult =
  | { added: true; interests: string[] }
  | { added: false; interests: string[]; reason: "blank" | "limit" | "duplicate" };

/**
 * Adds a trimmed interest: blank entries are ignored, adding stops at 5, and an interest
 * already in the list (case-insensitive) is not repeated.
 */
export function addInterest(interests: readonly string[], raw: string): AddInterestResult {
  const interest = raw.trim();
  const current = [...interests];
  if (interest === "") return { added: false, interests: current, reason: "blank" };
  if (current.length >= MAX_INTERESTS) return { added: false, interests: current, reason: "limit" };
  if (current.some((i) => i.toLowerCase() === interest.toLowerCase())) {
    return { added: false, interests: current, reason: "duplicate" };
  }
  return { added: true, interests: [...current, interest] };
}

export function removeInterest(interests: readonly string[], index: number): string[] {
  return interests.filter((_, i) => i !== index);
}

/** Case-insensitive substring match on the persona's name. */
export function filterPersonas<T extends { name: string }>(
  personas: readonly T[],
  query: string,
): T[] {
  const needle = query.trim().toLowerCase();
  if (needle === "") return [...personas];
  return personas.filter((p) => p.name.toLowerCase().includes(needle));
}

/** Clamps a number-input value to 0-100 for the trait sliders. */
export function clampTrait(value: number): number {
  if (!Number.isFinite(value)) return 50;
  return Math.min(100, Math.max(0, Math.round(value)));
}

export const GENERATE_MAX_CHARS = 10_000;
export const GENERATE_MIN_CHARS = 10;
export const PERSONA_COUNT_OPTIONS = Array.from({ length: 20 }, (_, i) => i + 1);
export const DEFAULT_PERSONA_COUNT = 5;

export type GenerateMode = "text" | "document";

/** The Generate dialog's input check (product-rules §5); null when the input may be sent. */
export function generateInputError(mode: GenerateMode, text: string): string | null {
  const trimmed = text.trim();
  if (trimmed === "")
    return mode === "text" ? "Please enter a description" : "Please upload a document";
  if (trimmed.length < GENERATE_MIN_CHARS)
    return "Input is too short. Please provide more details.";
  return null;
}
