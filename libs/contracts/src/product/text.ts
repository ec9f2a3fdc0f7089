import { z } from 'zod';

/** Control characters (C0, DEL, C1) except tab (\t) and newline (\n). */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL_CHARACTER = /[\u0000-\u0008\u000B-\u001F\u007F-\u009F]/;
/** Half of a surrogate pair without its other half: not text, and PostgreSQL cannot store it. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export const INVALID_DATE_MESSAGE = 'Please enter a valid date.';

/** The one rule for text (API.md): no control characters but newline and tab, no lone surrogates. */
export function isAllowedText(value: string): boolean {
  return !CONTROL_CHARACTER.test(value) && !LONE_SURROGATE.test(value);
}

/** The text on one line: each run of white space (line breaks included) becomes one space. */
export function oneLine(value: string): string {
  return value.replace(/\s+/g, ' ');
}

/** The answer for text the rule refuses; it names the field. */
export function disallowedTextMessage(label: string): string {
  return `${label} contains a character that is not allowed`;
}

/**
 * A text field: a string that passes the rule for text, checked before anything else (trim, length),
 * so every text field of every form and route refuses the same characters with the field's name.
 */
export function textField(label: string, params?: { error?: string }) {
  return z.string(params).refine(isAllowedText, { error: disallowedTextMessage(label), abort: true });
}

/**
 * The first string in a parsed JSON value (or query, or path parameters) that breaks the rule for
 * text, with the path of its field (`challenges.0.description`); null when every string passes.
 */
export function findDisallowedText(value: unknown, path = ''): string | null {
  if (typeof value === 'string') return isAllowedText(value) ? null : path || 'value';
  if (typeof value !== 'object' || value === null) return null;
  for (const [key, inner] of Object.entries(value as Record<string, unknown>)) {
    const innerPath = path ? `${path}.${key}` : key;
    if (!isAllowedText(key)) return innerPath;
    const found = findDisallowedText(inner, innerPath);
    if (found !== null) return found;
  }
  return null;
}

/** True for a real calendar date written `YYYY-MM-DD` (no 2027-02-30, no year 0). */
export function isCalendarDate(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (year < 1 || month < 1 || month > 12 || day < 1) return false;
  const date = new Date(0);
  date.setUTCFullYear(year, month - 1, day);
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/**
 * Every date the API takes: a real calendar date `YYYY-MM-DD`, else `Please enter a valid date.`;
 * `requiredMessage` answers a missing or empty one.
 */
export function calendarDate(requiredMessage: string = INVALID_DATE_MESSAGE) {
  return z
    .string({ error: requiredMessage })
    .trim()
    .min(1, requiredMessage)
    .refine(isCalendarDate, { error: INVALID_DATE_MESSAGE, abort: true });
}
