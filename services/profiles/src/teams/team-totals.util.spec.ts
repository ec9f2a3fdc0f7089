import { describe, expect, it } from '@jest/globals';
import { centsToDecimal, contributionOf, csvCell, difference, type MemberSnapshot } from './team-totals.util.js';

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

describe('CSV cells', () => {
  it('defuses formulas and quotes commas and quotes', () => {
    expect(csvCell('=SUM(A1)')).toBe("'=SUM(A1)");
    expect(csvCell('+1')).toBe("'+1");
    expect(csvCell('-1')).toBe("'-1");
    expect(csvCell('@cmd')).toBe("'@cmd");
    expect(csvCell('Bob, "the" runner')).toBe('"Bob, ""the"" runner"');
    expect(csvCell(12)).toBe('12');
  });
});
