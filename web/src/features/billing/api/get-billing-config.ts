import type { BillingConfig } from '@runpledge/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export function getBillingConfig(): Promise<BillingConfig> {
  return api.get<BillingConfig>('/api/subscription/config');
}

export function useBillingConfig() {
  return useQuery({ queryKey: ['billing', 'config'], queryFn: getBillingConfig, staleTime: Infinity });
}
