import type { PagePledgesResponse } from '@runpledge/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** Every cached pledge read (the page's and the owner's), for updates after a pledge changes. */
export const PLEDGES_KEY = ['pledges'] as const;
export const pagePledgesKey = (profileId: string, page = 1) => [...PLEDGES_KEY, 'page', profileId, page] as const;

/** `?page=` past the first. */
export const pageQuery = (page: number) => (page > 1 ? `?page=${page}` : '');

/**
 * A published page's confirmed pledges, in sum and one by one, largest rate first, 50 a page (names
 * and amounts, never e-mails).
 */
export function getPagePledges(profileId: string, page = 1): Promise<PagePledgesResponse> {
  return api.get<PagePledgesResponse>(`/api/runner-profile/${profileId}/pledges${pageQuery(page)}`);
}

export function usePagePledges(profileId: string, page = 1) {
  return useQuery({
    queryKey: pagePledgesKey(profileId, page),
    queryFn: () => getPagePledges(profileId, page),
    placeholderData: keepPreviousData,
  });
}
