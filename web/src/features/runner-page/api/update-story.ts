import type { Profile, ProfileView } from '@runpledge/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { runnerProfileKey } from './get-runner-profile';

export async function updateStory(profileId: string, description: string): Promise<Profile> {
  const { profile } = await api.put<{ profile: Profile }>(`/api/runner-profile/${profileId}`, { description });
  return profile;
}

export function useUpdateStory(view: ProfileView) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (description: string) => updateStory(view.id, description),
    onSuccess: (profile) => {
      // The answer is the stored profile; how the caller sees it (owner, published) is unchanged.
      queryClient.setQueriesData<ProfileView>({ queryKey: runnerProfileKey(view.urlSlug) }, (old) =>
        old ? { ...old, description: profile.description, updatedAt: profile.updatedAt } : old,
      );
    },
  });
}
