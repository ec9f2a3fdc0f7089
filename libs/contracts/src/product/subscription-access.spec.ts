import { describe, expect, it } from '@jest/globals';
import { hasAccess } from './subscription-access.js';

const DAY = 24 * 60 * 60 * 1000;

describe('hasAccess', () => {
  const now = new Date('2026-11-22T12:00:00Z');

  it('grants trialing, active and lifetime runners', () => {
    for (const status of ['trialing', 'active', 'lifetime'] as const) expect(hasAccess(status, null, now)).toBe(true);
  });

  it('keeps a past-due page live for 7 days after the period ended, not longer', () => {
    expect(hasAccess('past_due', new Date(now.getTime() - 6 * DAY), now)).toBe(true);
    expect(hasAccess('past_due', new Date(now.getTime() - 8 * DAY), now)).toBe(false);
  });

  it('refuses no subscription and a canceled one', () => {
    expect(hasAccess('none', null, now)).toBe(false);
    expect(hasAccess('canceled', new Date(now.getTime() + DAY), now)).toBe(false);
  });
});
