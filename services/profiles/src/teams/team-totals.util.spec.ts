import { describe, expect, it } from '@jest/globals';
import {
  centsToDecimal,
  contributionOf,
  difference,
  NO_CONTRIBUTION,
  runnerMetersDelta,
  type MemberSnapshot,
} from './team-totals.util.js';

const member: MemberSnapshot = {
  status: 'member',
  published: true,
  raised: '120.50',
  donors: 3,
  currency: 'USD',
  meters: 1000,
};

describe('what a member adds to its team', () => {
  it('counts a published member in full, its raised amount only in the team currency', () => {
    expect(contributionOf(member, 'USD')).toEqual({ raisedCents: 12050, donors: 3, meters: 1000, members: 1 });
    expect(contributionOf(member, 'GBP')).toEqual({ raisedCents: 0, donors: 3, meters: 1000, members: 1 });
  });

  it('counts nothing for a pending request or an unpublished page', () => {
    expect(contributionOf({ ...member, status: 'pending' }, 'USD').members).toBe(0);
    expect(contributionOf({ ...member, published: false }, 'USD')).toEqual({
      raisedCents: 0,
      donors: 0,
      meters: 0,
      members: 0,
    });
  });

  it('moves the team by new − old', () => {
    const before = contributionOf(member, 'USD');
    const after = contributionOf({ ...member, raised: '100.00', donors: 5 }, 'USD');
    expect(difference(before, after)).toEqual({ raisedCents: -2050, donors: 2, meters: 0, members: 0 });
    expect(centsToDecimal(-2050)).toBe('-20.50');
    expect(centsToDecimal(7)).toBe('0.07');
  });
});

describe("a runner's miles in a team", () => {
  const counted = (meters: number) => ({ raisedCents: 0, donors: 0, meters, members: 1 });
  it('count once whichever of their pages carry them: the team moves by the change of the largest', () => {
    // The first page joins: the runner's miles come in.
    expect(runnerMetersDelta(null, NO_CONTRIBUTION, counted(100))).toBe(100);
    // A second page of the same runner joins: nothing more.
    expect(runnerMetersDelta(100, NO_CONTRIBUTION, counted(100))).toBe(0);
    // A new run reaches each page in turn: the first moves the team, the second finds it done.
    expect(runnerMetersDelta(100, counted(100), counted(150))).toBe(50);
    expect(runnerMetersDelta(150, counted(100), counted(150))).toBe(0);
    // One page leaves: the other carries the miles; the last leaves: they go.
    expect(runnerMetersDelta(150, counted(150), NO_CONTRIBUTION)).toBe(0);
    expect(runnerMetersDelta(null, counted(150), NO_CONTRIBUTION)).toBe(-150);
  });

  it('follows a lone page as before', () => {
    expect(runnerMetersDelta(null, counted(100), counted(80))).toBe(-20);
  });
});
