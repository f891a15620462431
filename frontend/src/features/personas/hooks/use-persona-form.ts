import { useCallback, useState } from "react";
import type { Persona, PersonaTemplate, TraitKey, Traits } from "@/lib/api-types";
import {
  addInterest,
  applyTemplate,
  canSavePersona,
  clampTrait,
  defaultFormValues,
  formValuesFromPersona,
  removeInterest,
  type AddInterestResult,
  type PersonaFormValues,
} from "../utils/persona-form";

/** State of the create/edit dialog's form. */
export function usePersonaForm(persona: Persona | null) {
  const [values, setValues] = useState<PersonaFormValues>(() =>
    persona ? formValuesFromPersona(persona) : defaultFormValues(),
  );

  const setField = useCallback(
    <K extends keyof PersonaFormValues>(key: K, value: PersonaFormValues[K]) =>
      setValues((v) => ({ ...v, [key]: value })),
    [],
  );

  const setTrait = useCallback(
    (key: TraitKey, value: number) =>
      setValues((v) => ({ ...v, traits: { ...v.traits, [key]: clampTrait(value) } })),
    [],
  );

  const setTraits = useCallback(
    (traits: Traits) => setValues((v) => ({ ...v, traits: { ...traits } })),
    [],
  );

  const chooseTemplate = useCallback(
    (template: PersonaTemplate | null) => setValues((v) => applyTemplate(v, template)),
    [],
  );

  const add = useCallback(
    (raw: string): AddInterestResult => {
      const result = addInterest(values.interests, raw);
      if (result.added) setValues((v) => ({ ...v, interests: result.interests }));
      return result;
    },
    [values.interests],
  );

  const remove = useCallback(
    (index: number) => setValues((v) => ({ ...v, interests: removeInterest(v.interests, index) })),
    [],
  );

  return {
    values,
    setField,
    setTrait,
    setTraits,
    chooseTemplate,
    addInterest: add,
    removeInterest: remove,
    canSave: canSavePersona(values),
  };
}

export type PersonaForm = ReturnType<typeof usePersonaForm>;
