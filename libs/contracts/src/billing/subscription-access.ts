import type { SubscriptionStatus } from './billing.schemas.js';

const PAST_DUE_GRACE_MS = 7 * 24 * 60 * 60 * 1000;

/**
 * Whether a runner's page is live: trial, paid, lifetime, or past due within the 7-day grace.
 * One rule for billing's check and profiles' `published` flag.
 */
export function hasAccess(status: SubscriptionStatus, currentPeriodEnd: Date | null, now = new Date()): boolean {
  switch (status) {
    case 'trialing':
    case 'active':
    case 'lifetime':
      return true;
    case 'past_due':
      return currentPeriodEnd !== null && now.getTime() - currentPeriodEnd.getTime() < PAST_DUE_GRACE_MS;
    case 'none':
    case 'canceled':
      return false;
  }
}
