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

/**
 * What a group's meters move by when one membership of a runner changes (decision 17): a runner's
 * miles count once in a group however many of their pages are in it, so the group holds the largest of
 * their counted memberships' meters. `others` is that largest over the runner's other counted
 * memberships in the group (null: none).
 */
export function runnerMetersDelta(others: number | null, before: Contribution, after: Contribution): number {
  const held = (own: Contribution) => Math.max(others ?? 0, own.meters);
  return held(after) - held(before);
}

/** a + b. */
export function sum(a: Contribution, b: Contribution): Contribution {
  return {
    raisedCents: a.raisedCents + b.raisedCents,
    donors: a.donors + b.donors,
    meters: a.meters + b.meters,
    members: a.members + b.members,
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
