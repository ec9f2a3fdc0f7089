import type { Profile, ProfileView } from '@runpledge/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { runnerProfileKey } from './get-runner-profile';

export interface TotalsChanges {
  fundraisingGoal?: string;
  fundsRaised?: string;
  totalDonors?: string;
  /** Hand-typed totals only. */
  fundraisingCurrency?: string;
}

export async function updateTotals(profileId: string, changes: TotalsChanges): Promise<Profile> {
  const { profile } = await api.put<{ profile: Profile }>(`/api/runner-profile/${profileId}`, changes);
  return profile;
}

/** The owner's goal, and raised and donors when the totals are typed by hand. */
export function useUpdateTotals(view: ProfileView) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (changes: TotalsChanges) => updateTotals(view.id, changes),
    onSuccess: (profile) => {
      queryClient.setQueriesData<ProfileView>({ queryKey: runnerProfileKey(view.urlSlug) }, (old) =>
        old
          ? {
              ...old,
              fundraisingGoal: profile.fundraisingGoal,
              fundsRaised: profile.fundsRaised,
              totalDonors: profile.totalDonors,
              fundraisingCurrency: profile.fundraisingCurrency,
              updatedAt: profile.updatedAt,
            }
          : old,
      );
    },
  });
}
