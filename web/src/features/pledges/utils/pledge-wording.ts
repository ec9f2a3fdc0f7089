import {
  formatMoney,
  MARATHON_DISTANCE,
  type DistanceUnit,
  type PledgeCounts,
  type PledgeCurrencyTotal,
  type PledgeDistanceSource,
  type PledgeStatus,
} from '@runpledge/contracts';

/** The unit as a word after "per": "Pledge per mile", "Amount per km". */
export const UNIT_WORD: Record<DistanceUnit, string> = { mi: 'mile', km: 'km' };

/** A rate as the page says it: "$38.50 a mile", "£2 per km". */
export function formatRate(rate: number, unit: DistanceUnit, currency: string): string {
  return `${formatMoney(rate, currency)} ${unit === 'mi' ? 'a mile' : 'per km'}`;
}

/** "50 mi", "12.4 km": at most one decimal, grouped thousands. */
export function formatDistance(distance: number, unit: DistanceUnit): string {
  return `${distance.toLocaleString('en-US', { maximumFractionDigits: 1 })} ${unit}`;
}

/** What a pledge counts, in a few words: for lists and the owner's table. */
export function countsLabel(counts: PledgeCounts, unit: DistanceUnit): string {
  return counts === 'training' ? 'Training to race day' : `The race (${formatDistance(MARATHON_DISTANCE[unit], unit)})`;
}

/** Where counted runs came from, as visitors see it (API.md "Activity files"). */
export const SOURCE_LABEL: Record<PledgeDistanceSource, string> = {
  strava: 'via Strava',
  manual: 'entered by hand',
  upload: 'uploaded file',
};

export const STATUS_LABEL: Record<PledgeStatus, string> = {
  pending_confirmation: 'Awaiting confirmation',
  active: 'Active',
  due: 'Due',
  paid: 'Paid',
  cancelled: 'Cancelled',
};

/** "1 supporter pledges", "14 supporters pledge". */
export function supportersPledge(count: number): string {
  return count === 1 ? '1 supporter pledges' : `${count.toLocaleString('en-US')} supporters pledge`;
}

/**
 * The sums in currencies other than the summary's, in a few words ("SEK 100 from 1 supporter"): a
 * page that changed currency keeps its older pledges in theirs, and amounts are never added across.
 */
export function otherCurrencies(totals: PledgeCurrencyTotal[], shown: string): string | null {
  const others = totals.filter((total) => total.currency !== shown);
  if (others.length === 0) return null;
  return others
    .map(
      (total) =>
        `${formatMoney(total.earned, total.currency)} from ${total.count === 1 ? '1 supporter' : `${total.count.toLocaleString('en-US')} supporters`}`,
    )
    .join(', ');
}
