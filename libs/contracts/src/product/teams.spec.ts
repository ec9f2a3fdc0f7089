import { describe, expect, it } from '@jest/globals';
import { teamSlugSchema } from '../http/teams.js';
import { metersToMiles, suggestSlug, teamCurrencyMessage } from './teams.js';

describe('team addresses', () => {
  it('suggests an address from any Unicode name, transliterating Latin letters', () => {
    expect(suggestSlug('Zoë & Søren’s Straße Crew')).toBe('zoe-soren-s-strasse-crew');
    expect(suggestSlug('  Équipe Élan — Paris 2027 ')).toBe('equipe-elan-paris-2027');
    expect(suggestSlug('東京ランナーズ Tokyo')).toBe('tokyo');
    expect(suggestSlug('x'.repeat(80))).toHaveLength(50);
    expect(teamSlugSchema.safeParse(suggestSlug('Łódź Runners')).success).toBe(true);
  });

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

  it('says the currency a team raises in, and shows meters as miles', () => {
    expect(teamCurrencyMessage('GBP')).toBe('This team raises in GBP');
    expect(metersToMiles(16093.44)).toBe(10);
    expect(metersToMiles(0)).toBe(0);
  });
});
