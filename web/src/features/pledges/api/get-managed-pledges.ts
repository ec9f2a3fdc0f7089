import type { ManagePledgesResponse } from '@runpledge/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { PLEDGES_KEY } from './get-page-pledges';

export const managedPledgesKey = (profileId: string) => [...PLEDGES_KEY, 'manage', profileId] as const;

/** Owner only: each supporter's pledge with what it earned, is due and was paid. */
export function getManagedPledges(profileId: string): Promise<ManagePledgesResponse> {
  return api.get<ManagePledgesResponse>(`/api/runner-profile/${profileId}/pledges/manage`);
}

export function useManagedPledges(profileId: string) {
  return useQuery({ queryKey: managedPledgesKey(profileId), queryFn: () => getManagedPledges(profileId) });
}
