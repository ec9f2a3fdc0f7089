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
} as const;
