import type { DonationsPage } from '@runpledge/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const donationsKey = (profileId: string, page?: number) =>
  page === undefined ? (['donations', profileId] as const) : (['donations', profileId, page] as const);

/** The donor wall: donations from the page's platform, newest first. */
export function getDonations(profileId: string, page: number): Promise<DonationsPage> {
  return api.get<DonationsPage>(`/api/runner-profile/${profileId}/donations?page=${page}`);
}

export function useDonations(profileId: string, page: number, enabled: boolean) {
  return useQuery({
    queryKey: donationsKey(profileId, page),
    queryFn: () => getDonations(profileId, page),
    enabled,
    placeholderData: keepPreviousData,
  });
}
