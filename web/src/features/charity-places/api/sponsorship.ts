import type { Sponsorship, SponsorshipPortalResponse } from '@runpledge/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { leaveFor } from '@/lib/leave-for';

export const sponsorshipKey = (charityId: string) => ['charity-sponsorship', charityId] as const;
const base = (charityId: string) => `/api/charities/${charityId}/sponsorship`;

/** GET /api/charities/{id}/sponsorship: places bought, used and the subscription's status (admin). */
export function useSponsorship(charityId: string) {
  return useQuery({
    queryKey: sponsorshipKey(charityId),
    queryFn: () => api.get<Sponsorship>(base(charityId)),
  });
}

/** POST …/sponsorship/checkout: Stripe Checkout for `seats` places, back to this page afterwards. */
export function useBuyPlaces(charityId: string) {
  return useMutation({
    mutationFn: (seats: number) => {
      const here = window.location.href;
      return api.postOnce<{ url: string }>(`${base(charityId)}/checkout`, {
        seats,
        successUrl: here,
        cancelUrl: here,
      });
    },
    onSuccess: ({ url }) => leaveFor(url),
  });
}

/** POST …/sponsorship/portal: Stripe's customer portal, where the number of places changes; back to this page. */
export function useManagePlaces(charityId: string) {
  return useMutation({
    mutationFn: () =>
      api.post<SponsorshipPortalResponse>(`${base(charityId)}/portal`, { returnUrl: window.location.href }),
    onSuccess: ({ url }) => leaveFor(url),
  });
}

/** Give a place to a runner (POST …/seats) or take it back (DELETE …/seats/{runnerProfileId}). */
export function usePlaceChange(charityId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ runnerProfileId, give }: { runnerProfileId: string; give: boolean }) =>
      give
        ? api.post<Sponsorship>(`${base(charityId)}/seats`, { runnerProfileId })
        : api.delete<Sponsorship>(`${base(charityId)}/seats/${runnerProfileId}`),
    onSuccess: (sponsorship) => queryClient.setQueryData(sponsorshipKey(charityId), sponsorship),
  });
}
