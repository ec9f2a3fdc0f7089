import type { SubscriptionCheck } from '@runpledge/contracts';
import { api } from '@/lib/api-client';

/** Back from Checkout: billing takes the new state from Stripe now instead of waiting for the webhook. */
export function reconcileCheckout(sessionId: string): Promise<SubscriptionCheck> {
  return api.post<SubscriptionCheck>('/api/subscription/reconcile', { sessionId });
}
