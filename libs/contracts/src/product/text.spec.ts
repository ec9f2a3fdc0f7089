import { describe, expect, it } from '@jest/globals';
import { encouragementRequestSchema } from '../http/encouragement.js';
import { createProfileRequestSchema } from '../http/profiles.js';
import {
  INVALID_DATE_MESSAGE,
  calendarDate,
  findDisallowedText,
  isAllowedText,
  isCalendarDate,
  textField,
} from './text.js';

describe('the rule for text', () => {
  it('keeps newline, tab, right-to-left marks, combining marks and emoji', () => {
    for (const text of ['a\nb\tc', 'שלום\u200F', 'e\u0301', '🏃‍♀️🇺🇸', 'José Núñez', '']) {
      expect(isAllowedText(text)).toBe(true);
    }
  });

  it('refuses NUL, other control characters and lone surrogates', () => {
    for (const text of [
      'a\u0000',
      '\r',
      '\u0007',
      '\u007F',
      '\u0085',
      'x\uD800',
      '\uDC00y',
      '\uDBFF\uDBFF\uDC00x\uDC00',
    ]) {
      expect(isAllowedText(text)).toBe(false);
    }
  });

  it('names the field in its message, before the length rules', () => {
    const result = textField('Your name').min(5).safeParse('a\u0000');
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => i.message)).toEqual(['Your name contains a character that is not allowed']);
  });

  it('finds the path of the first refused string in a JSON value', () => {
    expect(findDisallowedText({ a: 'ok', b: [{ c: 'x\u0000' }] })).toBe('b.0.c');
    expect(findDisallowedText({ 'k\u0001': 1 })).toBe('k\u0001');
    expect(findDisallowedText({ a: ['fine', 1, null, true] })).toBeNull();
  });

  it('applies to the page and encouragement schemas', () => {
    const encouragement = encouragementRequestSchema.safeParse({
      runnerProfileId: '5e2951b8-c26f-4054-a910-3ec7683a70d6',
      senderName: 'Ann\u0000',
      message: 'Go!',
    });
    expect(encouragement.error?.issues[0]?.message).toBe('Your name contains a character that is not allowed');
  });
});

describe('calendar dates', () => {
  it('accepts real dates only', () => {
    expect(['2027-02-28', '2028-02-29', '2027-12-31', '0001-01-01'].every(isCalendarDate)).toBe(true);
    for (const bad of [
      '2027-02-30',
      '2027-04-31',
      '2027-02-29',
      '2027-13-01',
      '2027-00-10',
      '0000-01-01',
      '2027-1-01',
      '27-01-01',
      '2027-01-01T00:00',
    ]) {
      expect(isCalendarDate(bad)).toBe(false);
    }
  });

  it('answers an impossible date with the one message and a missing one with the field message', () => {
    const schema = calendarDate('Please select a marathon date.');
    expect(schema.safeParse('2027-02-30').error?.issues[0]?.message).toBe(INVALID_DATE_MESSAGE);
    expect(schema.safeParse('').error?.issues[0]?.message).toBe('Please select a marathon date.');
    expect(schema.safeParse(undefined).error?.issues[0]?.message).toBe('Please select a marathon date.');
    const page = createProfileRequestSchema.safeParse({ marathonDate: '2027-04-31' });
    expect(page.error?.issues.map((i) => i.message)).toContain(INVALID_DATE_MESSAGE);
  });
});
