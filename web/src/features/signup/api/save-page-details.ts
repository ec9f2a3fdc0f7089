import type { Profile, ProfileView } from '@runpledge/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { recentProfilesKey } from '@/features/dashboard';
import {
  createChallenge,
  deleteChallenge,
  reorderChallenges,
  runnerProfileKey,
  updateChallenge,
} from '@/features/runner-page';
import { api } from '@/lib/api-client';
import { planChallenges, toProfileChanges } from '../utils/edit-page-values';
import type { SignupFormValues } from '../utils/signup-form-values';

/**
 * Saves an edited page: its details in one PUT (a new slug included; a taken one is refused
 * before anything else changes), then its challenges one by one, each kept under its id.
 */
export async function savePageDetails(page: Omit<Profile, 'userId'>, values: SignupFormValues): Promise<Profile> {
  const { profile } = await api.put<{ profile: Profile }>(
    `/api/runner-profile/${page.id}`,
    toProfileChanges(values, page),
  );
  const plan = planChallenges(page.fundraisingChallenges, values.challenges);
  for (const id of plan.remove) await deleteChallenge(id);
  for (const { id, input } of plan.update) await updateChallenge(id, input);
  const newIds = new Map<string, string>();
  for (const { draftId, input } of plan.create) newIds.set(draftId, (await createChallenge(page.id, input)).id);
  if (plan.reorder)
    await reorderChallenges(
      page.id,
      plan.order.map((id) => newIds.get(id) ?? id),
    );
  return profile;
}

export function useSavePageDetails(page: ProfileView) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (values: SignupFormValues) => savePageDetails(page, values),
    // Even a half-done save (details in, a challenge refused) changed the page: read it again.
    onSettled: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: runnerProfileKey(page.urlSlug) }),
        queryClient.invalidateQueries({ queryKey: recentProfilesKey }),
      ]);
    },
  });
}
