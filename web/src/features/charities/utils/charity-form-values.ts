import { createCharityRequestSchema, type CreateCharityRequest } from '@runpledge/contracts';

/** The create form as typed: every field a string, as the inputs hold them. */
export interface CharityFormValues {
  name: string;
  slug: string;
  website: string;
  registeredNumber: string;
  country: string;
  mission: string;
}

export type CharityField = keyof CharityFormValues;
export type CharityFormErrors = Partial<Record<CharityField, string>>;

/** Top-to-bottom order of the fields: problems are focused in this order. */
export const CHARITY_FIELD_ORDER: readonly CharityField[] = [
  'name',
  'slug',
  'website',
  'registeredNumber',
  'country',
  'mission',
];

export const EMPTY_CHARITY_FORM: CharityFormValues = {
  name: '',
  slug: '',
  website: '',
  registeredNumber: '',
  country: '',
  mission: '',
};

/** A website typed without its scheme (`rivers.org.uk`) is taken to be https. */
export function withScheme(website: string): string {
  const typed = website.trim();
  return typed === '' || /^[a-z][a-z0-9+.-]*:/i.test(typed) ? typed : `https://${typed}`;
}

/**
 * Checks the form with the shared schema (the server's own rules and words): the request to send,
 * or one problem per field.
 */
export function parseNewCharity(
  values: CharityFormValues,
): { ok: true; data: CreateCharityRequest } | { ok: false; errors: CharityFormErrors } {
  const parsed = createCharityRequestSchema.safeParse({ ...values, website: withScheme(values.website) });
  if (parsed.success) return { ok: true, data: parsed.data };
  const errors: CharityFormErrors = {};
  for (const issue of parsed.error.issues) {
    const field = String(issue.path[0] ?? '') as CharityField;
    if (CHARITY_FIELD_ORDER.includes(field) && !errors[field]) errors[field] = issue.message;
  }
  return { ok: false, errors };
}
