import { z } from 'zod';
import { defineEvent } from './event-envelope.js';
import { subscriptionStatusSchema } from '../product/subscription-access.js';

export const BILLING_EVENTS = {
  subscriptionChanged: defineEvent(
    'billing.subscription.changed',
    z.object({
      userId: z.uuid(),
      status: subscriptionStatusSchema,
      currentPeriodEnd: z.iso.datetime().nullable(),
    }),
  ),
} as const;
