import type { ProfileSummary } from '@runpledge/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { recentProfilesKey } from './get-recent-profiles';

export function deleteProfile(profileId: string): Promise<{ success: boolean }> {
  return api.delete(`/api/runner-profile/${profileId}`);
}

export function useDeleteProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteProfile,
    onSuccess: (_result, profileId) => {
      queryClient.setQueryData<ProfileSummary[]>(recentProfilesKey, (old) => old?.filter((p) => p.id !== profileId));
      // A cached copy of the deleted page must not be shown again.
      queryClient.removeQueries({ queryKey: ['runner-profile'] });
    },
  });
}
