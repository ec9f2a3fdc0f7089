import type {
  ConfirmFollowerRequest,
  FollowRequest,
  FollowResponse,
  ProfileView,
  SetRaceResultRequest,
  ThankYouResponse,
} from '@runpledge/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** A visitor follows the runner's race by mail; it counts once confirmed from the mail. */
export function useFollowRunner(runnerProfileId: string) {
  return useMutation({
    mutationFn: (body: FollowRequest) =>
      api.postOnce<FollowResponse>(`/api/runner-profile/${runnerProfileId}/followers`, body),
  });
}

/** The confirmation link of the follow mail (single use). */
export function useConfirmFollower() {
  return useMutation({
    mutationFn: (body: ConfirmFollowerRequest) => api.post<{ success: true }>('/api/followers/confirm', body),
  });
}

/** The owner records, corrects or undoes the race result; the page shows it at once. */
export function useSetRaceResult(runnerProfileId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { status: SetRaceResultRequest['status']; finishSeconds?: number }) =>
      api.put<{ profile: ProfileView }>(`/api/runner-profile/${runnerProfileId}/race-result`, body),
    onSettled: () => queryClient.invalidateQueries(),
  });
}

/** The runner's thank-you to followers and pledgers. */
export function useSendThankYou(runnerProfileId: string) {
  return useMutation({
    mutationFn: (message: string) =>
      api.post<ThankYouResponse>(`/api/runner-profile/${runnerProfileId}/thank-you`, { message }),
  });
}

/** The owner's last day of raising (null: the default, 30 days after race day); the page says it at once. */
export function useSetRaisingUntil(runnerProfileId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (raisingUntil: string | null) =>
      api.put<{ profile: unknown }>(`/api/runner-profile/${runnerProfileId}`, { raisingUntil }),
    onSettled: () => queryClient.invalidateQueries(),
  });
}
