/** Start from a guide: the setup the server read from a guide file as the form's values. */
import type { SessionCreateInput } from "@/lib/api-types";
import {
  defaultFormValues,
  formValuesFromDraft,
  PARTICIPANTS_MAX,
  type SessionFormValues,
} from "./session-form";

/** The form values of a guide's setup; ids the library does not know are left out. */
export function formValuesFromGuide(
  setup: SessionCreateInput,
  known: ReadonlySet<string>,
): SessionFormValues {
  const values = formValuesFromDraft(setup) ?? defaultFormValues();
  return {
    ...values,
    participantIds: (setup.participantIds ?? [])
      .filter((id) => known.has(id))
      .slice(0, PARTICIPANTS_MAX),
  };
}
