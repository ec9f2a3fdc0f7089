import { describe, expect, it } from '@jest/globals';
import { milestonesReached, totalsComeFromMessage, totalsSourceFor } from './fundraising-totals.js';
import { fundraisingGoalSchema, totalDonorsSchema } from '../http/fundraising-totals.js';
import { updateProfileRequestSchema } from '../http/profiles.js';

describe('fundraising totals', () => {
  it('come from DonorDrive always, from JustGiving with a key, else by hand', () => {
    expect(totalsSourceFor('donordrive', false)).toBe('donordrive');
    expect(totalsSourceFor('justgiving', true)).toBe('justgiving');
    expect(totalsSourceFor('justgiving', false)).toBe('manual');
    expect(totalsSourceFor('haku', true)).toBe('manual');
    expect(totalsComeFromMessage('justgiving')).toBe('Totals come from JustGiving');
  });

  it('reach the 25, 50, 75 and 100 % milestones exactly at their cents', () => {
    expect(milestonesReached('24.99', '100')).toEqual([]);
    expect(milestonesReached('25.00', '100.00')).toEqual([25]);
    expect(milestonesReached('74.99', '100')).toEqual([25, 50]);
    expect(milestonesReached('250', '100')).toEqual([25, 50, 75, 100]);
    expect(milestonesReached('500', '0')).toEqual([]);
  });

  it('take a goal from 0 to 10,000,000 with at most 2 decimals', () => {
    expect(fundraisingGoalSchema.parse('2500.50')).toBe(2500.5);
    expect(fundraisingGoalSchema.parse('')).toBe(0);
    expect(fundraisingGoalSchema.safeParse(10_000_000.01).error?.issues[0]?.message).toBe(
      'The fundraising goal must be between 0 and 10,000,000',
    );
    expect(fundraisingGoalSchema.safeParse('1.005').error?.issues[0]?.message).toBe(
      'The fundraising goal can have at most 2 decimals',
    );
    expect(fundraisingGoalSchema.safeParse('-1').success).toBe(false);
    expect(totalDonorsSchema.safeParse(1.5).success).toBe(false);
  });

  it('leave the totals alone in a PUT that does not name them', () => {
    expect(updateProfileRequestSchema.parse({ description: 'x' })).toEqual({ description: 'x' });
    expect(updateProfileRequestSchema.parse({ fundraising_goal: '300' })).toEqual({ fundraisingGoal: 300 });
  });
});
