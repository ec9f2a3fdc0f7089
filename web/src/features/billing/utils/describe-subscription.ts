import { BUSINESS, PAST_DUE_GRACE_DAYS, type SubscriptionCheck } from '@runpledge/contracts';

const DAY_MS = 86_400_000;

export interface SubscriptionSummary {
  /** A short state: "Free trial", "Active", … */
  title: string;
  /** The sentence under it: days left, next charge, what to do. */
  detail: string;
  tone: 'good' | 'warning' | 'neutral';
  /** Stripe's portal can help (card, invoices, cancel). */
  canManage: boolean;
  /** /payment is the way forward (no or an ended subscription). */
  canSubscribe: boolean;
}

export const LAPSE_NOTICE =
  'If your subscription lapses, your pages are hidden from visitors (you can still see and edit them) until you subscribe again. Nothing is deleted.';

const price = `$${BUSINESS.monthlyPriceUsd.toFixed(2)}`;

function formatDay(iso: string): string {
  return new Date(iso).toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric' });
}

/** Whole days from `now` until `iso`, never below 0. */
export function daysUntil(iso: string, now = new Date()): number {
  return Math.max(0, Math.ceil((new Date(iso).getTime() - now.getTime()) / DAY_MS));
}

/** What the subscription panel says for a subscription check (API.md `GET /api/subscription/check`). */
export function describeSubscription(check: SubscriptionCheck, now = new Date()): SubscriptionSummary {
  switch (check.status) {
    case 'lifetime':
      return {
        title: 'Lifetime access',
        detail: 'Your pages stay live for good. There is nothing to pay.',
        tone: 'good',
        canManage: false,
        canSubscribe: false,
      };
    case 'trialing': {
      const ends = check.trialEndsAt;
      const days = ends ? daysUntil(ends, now) : null;
      return {
        title: days === null ? 'Free trial' : `Free trial: ${days} day${days === 1 ? '' : 's'} left`,
        detail: ends
          ? `Your first charge of ${price} is on ${formatDay(ends)}, then ${price} every month. Cancel anytime before that and you pay nothing.`
          : `After the trial, ${price} a month. Cancel anytime.`,
        tone: 'good',
        canManage: true,
        canSubscribe: false,
      };
    }
    case 'active':
      return {
        title: 'Active',
        detail: check.currentPeriodEnd
          ? `Next charge: ${price} on ${formatDay(check.currentPeriodEnd)}.`
          : `${price} a month.`,
        tone: 'good',
        canManage: true,
        canSubscribe: false,
      };
    case 'past_due': {
      const graceEnds = check.currentPeriodEnd
        ? new Date(new Date(check.currentPeriodEnd).getTime() + PAST_DUE_GRACE_DAYS * DAY_MS).toISOString()
        : null;
      return {
        title: 'Payment failed',
        detail:
          check.hasAccess && graceEnds
            ? `We could not charge your card. Update it to keep your pages live: they stay live until ${formatDay(graceEnds)}.`
            : 'We could not charge your card, so your pages are hidden from visitors. Update your card to bring them back.',
        tone: 'warning',
        canManage: true,
        canSubscribe: false,
      };
    }
    case 'canceled':
      return {
        title: 'Subscription ended',
        detail: 'Your pages are hidden from visitors. Subscribe again to bring them back as they were.',
        tone: 'warning',
        canManage: true,
        canSubscribe: true,
      };
    case 'none':
      return {
        title: 'No subscription yet',
        detail: `Start your ${BUSINESS.trialDays}-day free trial to publish your pages, then ${price} a month.`,
        tone: 'neutral',
        canManage: false,
        canSubscribe: true,
      };
  }
}
