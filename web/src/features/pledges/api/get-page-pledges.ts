import type { PagePledgesResponse } from '@runpledge/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** Every cached pledge read (the page's and the owner's), for updates after a pledge changes. */
export const PLEDGES_KEY = ['pledges'] as const;
export const pagePledgesKey = (profileId: string) => [...PLEDGES_KEY, 'page', profileId] as const;

/** A published page's confirmed pledges, in sum and one by one (names and amounts, never e-mails). */
export function getPagePledges(profileId: string): Promise<PagePledgesResponse> {
  return api.get<PagePledgesResponse>(`/api/runner-profile/${profileId}/pledges`);
}

export function usePagePledges(profileId: string) {
  return useQuery({ queryKey: pagePledgesKey(profileId), queryFn: () => getPagePledges(profileId) });
}
