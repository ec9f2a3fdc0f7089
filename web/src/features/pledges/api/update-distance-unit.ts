import type { DistanceUnit, Profile } from '@runpledge/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { PLEDGES_KEY } from './get-page-pledges';

export interface UpdateDistanceUnitVariables {
  profileId: string;
  distanceUnit: DistanceUnit;
}

/** The unit the page's pledges and distances are in (PUT of the one field). */
export function updateDistanceUnit({
  profileId,
  distanceUnit,
}: UpdateDistanceUnitVariables): Promise<{ profile: Profile }> {
  return api.put(`/api/runner-profile/${profileId}`, { distanceUnit });
}

export function useUpdateDistanceUnit() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateDistanceUnit,
    onSettled: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: ['runner-profile'] }),
        queryClient.invalidateQueries({ queryKey: PLEDGES_KEY }),
      ]);
    },
  });
}
