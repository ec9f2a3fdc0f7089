import { describe, expect, it } from '@jest/globals';
import { FIELD_LIMITS, RESERVED_SLUGS, normalizeSlug } from './limits.js';

describe('normalizeSlug', () => {
  it('lowercases and keeps only a-z, digits and hyphens', () => {
    expect(normalizeSlug('Jane Doe_Runs-NYC 2026!')).toBe('janedoeruns-nyc2026');
  });

  it('cuts the slug at the 50 character limit', () => {
    expect(normalizeSlug('a'.repeat(80))).toHaveLength(FIELD_LIMITS.urlSlug);
  });

  it('leaves nothing of a slug made only of refused characters', () => {
    expect(normalizeSlug('ÉÀ ü!')).toBe('');
  });
});

describe('spec limits', () => {
  it('holds the limits of spec section 5', () => {
    expect(FIELD_LIMITS).toMatchObject({
      name: 100,
      marathonName: 100,
      charityLink: 500,
      description: 1000,
      urlSlug: 50,
      challengeDescription: 500,
      challengeAmountMax: 10000,
      goalHoursMax: 23,
      goalMinutesMax: 59,
    });
  });

  it('reserves the product routes so no page can shadow them', () => {
    for (const route of ['login', 'signup', 'dashboard', 'payment', 'api', 'createaccount', 'release-claim']) {
      expect(RESERVED_SLUGS).toContain(route);
    }
  });
});
