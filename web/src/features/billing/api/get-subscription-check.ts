import type { SubscriptionCheck } from '@runpledge/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const subscriptionCheckKey = ['subscription-check'] as const;

export function getSubscriptionCheck(): Promise<SubscriptionCheck> {
  return api.get<SubscriptionCheck>('/api/subscription/check');
}

export function useSubscriptionCheck() {
  return useQuery({ queryKey: subscriptionCheckKey, queryFn: getSubscriptionCheck });
}
