/** What one member adds to its group's sums: raised in cents, donors, meters, and 1 to the count. */
export interface Contribution {
  raisedCents: number;
  donors: number;
  meters: number;
  members: number;
}

/** The part of a member's snapshot that decides what it adds. */
export interface MemberSnapshot {
  status: 'member' | 'pending';
  published: boolean;
  raised: string;
  donors: number;
  currency: string;
  meters: number;
}

export const NO_CONTRIBUTION: Contribution = { raisedCents: 0, donors: 0, meters: 0, members: 0 };

/**
 * Only a member (not a pending request) whose page is published counts; its raised amount only when
 * in the group's currency (a page in another currency adds its donors and miles, not its money).
 */
export function contributionOf(member: MemberSnapshot | null, groupCurrency: string): Contribution {
  if (!member || member.status !== 'member' || !member.published) return NO_CONTRIBUTION;
  return {
    raisedCents: member.currency === groupCurrency ? Math.round(Number(member.raised) * 100) : 0,
    donors: member.donors,
    meters: member.meters,
    members: 1,
  };
}

/** new − old, to add to the group's sums. */
export function difference(before: Contribution, after: Contribution): Contribution {
  return {
    raisedCents: after.raisedCents - before.raisedCents,
    donors: after.donors - before.donors,
    meters: after.meters - before.meters,
    members: after.members - before.members,
  };
}

export function isNothing(delta: Contribution): boolean {
  return delta.raisedCents === 0 && delta.donors === 0 && delta.meters === 0 && delta.members === 0;
}

/** Cents as PostgreSQL's decimal string. */
export function centsToDecimal(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** What one member adds to its group's sums in its own currency (a group counted per currency). */
export interface CurrencyContribution {
  currency: string;
  raisedCents: number;
  donors: number;
}

/** A counted member's raised amount and donors in its page's currency; null when it counts for nothing. */
export function currencyContributionOf(member: MemberSnapshot | null): CurrencyContribution | null {
  if (!member || member.status !== 'member' || !member.published) return null;
  return { currency: member.currency, raisedCents: Math.round(Number(member.raised) * 100), donors: member.donors };
}

/** new − old per currency: one delta per currency that moved (two when the page changed currency). */
export function currencyDifference(
  before: CurrencyContribution | null,
  after: CurrencyContribution | null,
): CurrencyContribution[] {
  const deltas = new Map<string, CurrencyContribution>();
  const add = (c: CurrencyContribution | null, sign: 1 | -1) => {
    if (!c) return;
    const d = deltas.get(c.currency) ?? { currency: c.currency, raisedCents: 0, donors: 0 };
    d.raisedCents += sign * c.raisedCents;
    d.donors += sign * c.donors;
    deltas.set(c.currency, d);
  };
  add(before, -1);
  add(after, 1);
  return [...deltas.values()].filter((d) => d.raisedCents !== 0 || d.donors !== 0);
}
