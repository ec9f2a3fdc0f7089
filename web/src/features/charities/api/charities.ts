import type { CharityPageResponse, CharityResponse } from '@runpledge/contracts';
import { keepPreviousData, queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { useAuth } from '@/lib/auth';

export type CharityRanking = 'raised' | 'miles' | 'percent';

export function getCharity(slug: string, by: CharityRanking = 'raised', page = 1): Promise<CharityPageResponse> {
  const query = new URLSearchParams({ by, page: String(page) });
  return api.get<CharityPageResponse>(`/api/charities/${encodeURIComponent(slug)}?${query}`);
}

/** `isStaff` depends on who asks, so the cache is kept per viewer. */
export const charityQuery = (slug: string, viewerId: string | undefined, by: CharityRanking = 'raised', page = 1) =>
  queryOptions({
    queryKey: ['charity', slug, viewerId ?? 'visitor', by, page],
    queryFn: () => getCharity(slug, by, page),
  });

export function useCharity(slug: string, by: CharityRanking = 'raised', page = 1) {
  const { user } = useAuth();
  return useQuery({ ...charityQuery(slug, user?.id, by, page), placeholderData: keepPreviousData });
}

/** The verification link of the mail (`/charities/verify?token=`). */
export function useVerifyCharity() {
  return useMutation({
    mutationFn: ({ token }: { token: string }) => api.post<CharityResponse>('/api/charities/verify', { token }),
  });
}

/** The staff invitation of the mail (`/charities/invitations?token=`), accepted by the signed-in person. */
export function useAcceptInvitation() {
  return useMutation({
    mutationFn: ({ token }: { token: string }) =>
      api.post<CharityResponse>('/api/charities/invitations/accept', { token }),
  });
}
