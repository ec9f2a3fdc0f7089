import { accountExportPattern, healthPattern } from './rpc-pattern.js';

export const BILLING = {
  health: { ping: healthPattern('billing') },
  account: { export: accountExportPattern('billing') },
  subscription: {
    check: 'billing.subscription.check',
  },
  checkout: {
    create: 'billing.checkout.create',
    reconcile: 'billing.checkout.reconcile',
  },
  portal: {
    create: 'billing.portal.create',
  },
  stripeEvent: {
    handle: 'billing.stripe-event.handle',
  },
  config: {
    get: 'billing.config.get',
  },
  /** A charity's runner places (API.md "Charities"): billing owns them as every paid right. */
  sponsorship: {
    get: 'billing.sponsorship.get',
    checkout: 'billing.sponsorship.checkout',
    portal: 'billing.sponsorship.portal',
    assignSeat: 'billing.sponsorship.assign-seat',
    releaseSeat: 'billing.sponsorship.release-seat',
  },
} as const;
