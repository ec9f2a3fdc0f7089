import type { Profile } from '@runpledge/contracts';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { browserTimeZone } from '@/lib/dates';
import type { SignupFormData } from '@/lib/signup-form-storage';

export interface CreateRunnerProfileInput {
  form: SignupFormData;
  userId: string;
}

/** POST /api/runner-profile body (spec 7) from the saved sign-up form, challenges included. */
export function toCreateProfileRequest({ form, userId }: CreateRunnerProfileInput) {
  return {
    userId,
    urlSlug: form.url_slug,
    name: form.name,
    marathonName: form.marathon_name,
    marathonDate: form.marathon_date,
    goalHours: form.goal_hours,
    goalMinutes: form.goal_minutes,
    charityLink: form.charity_link || null,
    description: form.description,
    connectStrava: false,
    donationPlatform: form.donation_platform,
    hakuDonationUrl: form.hakuFundraisingPage || null,
    donorDriveEventUrl: form.donorDriveEventUrl || null,
    donorDriveParticipantId: form.donorDriveParticipantId || null,
    justGivingPageShortName: form.justGivingPageShortName || null,
    ...(form.fundraising_goal ? { fundraisingGoal: form.fundraising_goal } : {}),
    ...(form.charity ? { charityId: form.charity.id } : {}),
    challenges: form.challenges,
    // A race the directory does not know yet is run in the runner's own time zone.
    timeZone: browserTimeZone(),
  };
}

export function createRunnerProfile(input: CreateRunnerProfileInput): Promise<{ profile: Profile }> {
  // Keyed on the user's input: a retry of this sign-up step sends the same key.
  return api.postOnce('/api/runner-profile', toCreateProfileRequest(input), input);
}

export function useCreateRunnerProfile() {
  return useMutation({ mutationFn: createRunnerProfile });
}
