import { z } from 'zod';

export const SUBSCRIPTION_STATUSES = ['none', 'trialing', 'active', 'past_due', 'canceled', 'lifetime'] as const;
export const subscriptionStatusSchema = z.enum(SUBSCRIPTION_STATUSES);
export type SubscriptionStatus = z.infer<typeof subscriptionStatusSchema>;

export const subscriptionCheckSchema = z.object({
  status: subscriptionStatusSchema,
  hasAccess: z.boolean(),
  lifetimeAccess: z.boolean(),
  trialEndsAt: z.iso.datetime().nullable(),
  currentPeriodEnd: z.iso.datetime().nullable(),
});
export type SubscriptionCheck = z.infer<typeof subscriptionCheckSchema>;
export const subscriptionCheckRequestSchema = z.object({ userId: z.uuid() });
