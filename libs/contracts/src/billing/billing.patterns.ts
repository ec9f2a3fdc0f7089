import { healthPattern } from '../common/rpc-pattern.js';

export const BILLING = {
  health: { ping: healthPattern('billing') },
  subscription: {
    check: 'billing.subscription.check',
  },
} as const;
