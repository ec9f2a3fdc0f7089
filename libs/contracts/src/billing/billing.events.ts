import { z } from 'zod';
import { defineEvent } from '../common/event-envelope.js';
import { subscriptionStatusSchema } from './billing.schemas.js';

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
