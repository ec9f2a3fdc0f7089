import { describe, expect, it } from '@jest/globals';
import { teamSlugSchema } from '../http/teams.js';
import { teamCurrencyMessage } from './teams.js';

describe('team addresses', () => {
  it('takes the page-address rules, with their own reserved names', () => {
    expect(teamSlugSchema.safeParse('kids-run-club').success).toBe(true);
    expect(teamSlugSchema.safeParse('Kids').error?.issues[0]?.message).toBe(
      'The team address may only contain lowercase letters, numbers and hyphens',
    );
    expect(teamSlugSchema.safeParse('new').error?.issues[0]?.message).toBe(
      'This team address is reserved. Please choose another.',
    );
    expect(teamSlugSchema.safeParse('test-team').success).toBe(false);
  });

  it('says the currency a team raises in', () => {
    expect(teamCurrencyMessage('GBP')).toBe('This team raises in GBP');
  });
});
