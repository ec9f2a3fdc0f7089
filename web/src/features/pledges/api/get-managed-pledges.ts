import type { ManagePledgesResponse } from '@runpledge/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { PLEDGES_KEY, pageQuery } from './get-page-pledges';

export const managedPledgesKey = (profileId: string, page = 1) => [...PLEDGES_KEY, 'manage', profileId, page] as const;

/** Owner only: each supporter's pledge with what it earned, is due and was paid, newest first, 50 a page. */
export function getManagedPledges(profileId: string, page = 1): Promise<ManagePledgesResponse> {
  return api.get<ManagePledgesResponse>(`/api/runner-profile/${profileId}/pledges/manage${pageQuery(page)}`);
}

export function useManagedPledges(profileId: string, page = 1) {
  return useQuery({
    queryKey: managedPledgesKey(profileId, page),
    queryFn: () => getManagedPledges(profileId, page),
    placeholderData: keepPreviousData,
  });
}
