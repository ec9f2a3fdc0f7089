import { FUNDRAISING_LIMITS } from '@runpledge/contracts';
import type { PlatformDonation, PlatformTotals } from './platform.types.js';

/**
 * A number or numeric string as a 2-decimal string, at most `max` (a platform's answer never breaks
 * our columns or the contract's limits); undefined when it is not a non-negative number.
 */
export function toDecimal(value: unknown, max: number = FUNDRAISING_LIMITS.raisedMax): string | undefined {
  const n = typeof value === 'number' ? value : typeof value === 'string' && value.trim() !== '' ? Number(value) : NaN;
  return Number.isFinite(n) && n >= 0 ? Math.min(n, max).toFixed(2) : undefined;
}

/** A whole count from 0 to the contract's donor limit; 0 when it is not a whole number. */
export function toCount(value: unknown): number {
  return Number.isInteger(value) ? Math.min(Math.max(0, value as number), FUNDRAISING_LIMITS.donorsMax) : 0;
}

/** Each platform id once, the first seen kept (the lists come newest first): one upsert never meets an id twice. */
export function uniqueDonations(donations: PlatformDonation[]): PlatformDonation[] {
  const seen = new Set<string>();
  return donations.filter((d) => !seen.has(d.externalId) && seen.add(d.externalId));
}

const text = (value: unknown): string | null =>
  typeof value === 'string' && value.trim() !== '' ? value.trim().slice(0, 1000) : null;

/** JustGiving writes dates as `/Date(1700000000000+0000)/`; ISO strings are taken too. */
export function parsePlatformDate(value: unknown): Date | undefined {
  if (typeof value !== 'string') return undefined;
  const ms = /\/Date\((-?\d+)([+-]\d{4})?\)\//.exec(value);
  const date = ms ? new Date(Number(ms[1])) : new Date(/[zZ]|[+-]\d\d:?\d\d$/.test(value) ? value : `${value}Z`);
  return Number.isNaN(date.getTime()) ? undefined : date;
}

/** DonorDrive's participant: `sumDonations`, `fundraisingGoal`, `numDonations`, `links.donate`. */
export function mapDonorDriveParticipant(body: Record<string, unknown>): PlatformTotals {
  const goal = toDecimal(body.fundraisingGoal, FUNDRAISING_LIMITS.goalMax);
  const links = body.links && typeof body.links === 'object' ? (body.links as Record<string, unknown>) : {};
  return {
    ...(typeof links.donate === 'string' ? { donateUrl: links.donate } : {}),
    raised: toDecimal(body.sumDonations) ?? '0.00',
    goal: goal && Number(goal) > 0 ? goal : null,
    donors: toCount(body.numDonations),
    currency: null,
  };
}

/** One of DonorDrive's donations; anonymous donors have no `displayName`, a hidden amount no `amount`. */
export function mapDonorDriveDonation(item: Record<string, unknown>, currency: string): PlatformDonation | undefined {
  const id = item.donationID ?? item.donationId;
  const donatedAt = parsePlatformDate(item.createdDateUTC);
  if ((typeof id !== 'string' && typeof id !== 'number') || !donatedAt) return undefined;
  return {
    externalId: String(id),
    name: text(item.displayName),
    amount: toDecimal(item.amount) ?? null,
    currency,
    message: text(item.message),
    donatedAt,
  };
}

/** JustGiving's page: strings for every amount. */
export function mapJustGivingPage(body: Record<string, unknown>, donors: number): PlatformTotals {
  const goal = toDecimal(body.fundraisingTarget, FUNDRAISING_LIMITS.goalMax);
  const currency =
    typeof body.currencyCode === 'string' && /^[A-Z]{3}$/.test(body.currencyCode) ? body.currencyCode : null;
  return {
    raised: toDecimal(body.grandTotalRaisedExcludingGiftAid) ?? toDecimal(body.totalRaisedOnline) ?? '0.00',
    goal: goal && Number(goal) > 0 ? goal : null,
    donors: toCount(donors),
    currency,
  };
}

const ANONYMOUS = /^anonymous$/i;

export function mapJustGivingDonation(
  item: Record<string, unknown>,
  fallbackCurrency: string,
): PlatformDonation | undefined {
  const id = item.id ?? item.donationId;
  const donatedAt = parsePlatformDate(item.donationDate);
  if ((typeof id !== 'string' && typeof id !== 'number') || !donatedAt) return undefined;
  const name = text(item.donorDisplayName);
  const currency =
    typeof item.currencyCode === 'string' && /^[A-Z]{3}$/.test(item.currencyCode)
      ? item.currencyCode
      : fallbackCurrency;
  return {
    externalId: String(id),
    name: name && !ANONYMOUS.test(name) ? name : null,
    amount: toDecimal(item.amount) ?? null,
    currency,
    message: text(item.message),
    donatedAt,
  };
}

/**
 * A platform's donate address when it is safe to link: https, on the same site as the page's own
 * event URL (a platform's answer must not send donors elsewhere). Else null.
 */
export function sameSiteDonateUrl(donateUrl: string | undefined, eventUrl: string | null): string | null {
  if (!donateUrl || !eventUrl || donateUrl.length > 2000) return null;
  try {
    const link = new URL(donateUrl);
    const site = new URL(eventUrl);
    return link.protocol === 'https:' && link.origin === site.origin ? link.toString() : null;
  } catch {
    return null;
  }
}
