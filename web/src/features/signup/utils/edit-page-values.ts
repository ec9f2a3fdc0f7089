import type { ChallengeInput, DonationPlatform, Profile } from '@runpledge/contracts';
import { browserTimeZone } from '@/lib/dates';
import { newChallengeDraft, toSignupFormData, type ChallengeDraft, type SignupFormValues } from './signup-form-values';

// The edit page's own steps between a stored page and the form (/{slug}/edit), apart from the
// sign-up's so /signup's first load does without them.

/** A page's details in the form's inputs, for /{slug}/edit. */
export function valuesFromProfile(profile: Omit<Profile, 'userId'>): SignupFormValues {
  const only = (platform: DonationPlatform, value: string | null) =>
    profile.donationPlatform === platform ? (value ?? '') : '';
  return {
    name: profile.name,
    marathonName: profile.marathonName,
    marathonDate: profile.marathonDate,
    goalHours: String(profile.goalHours),
    goalMinutes: String(profile.goalMinutes),
    donationPlatform: profile.donationPlatform,
    hakuFundraisingPage: only('haku', profile.hakuDonationUrl),
    donorDriveEventUrl: only('donordrive', profile.donorDriveEventUrl),
    donorDriveParticipantId: only('donordrive', profile.donorDriveParticipantId),
    justGivingPageShortName: only('justgiving', profile.justGivingPageShortName),
    fundraisingGoal: Number(profile.fundraisingGoal) > 0 ? String(Number(profile.fundraisingGoal)) : '',
    description: profile.description,
    challenges: profile.fundraisingChallenges.map((c) =>
      newChallengeDraft({
        amount: String(c.amount),
        description: c.description,
        isExclusive: c.isExclusive,
        savedId: c.id,
      }),
    ),
    urlSlug: profile.urlSlug,
    charity: profile.charityId ? { id: profile.charityId, name: profile.charityName ?? '' } : null,
  };
}

/**
 * The PUT body of an edited page: every detail field; totals and challenges go their own ways.
 * The goal only when changed: a goal sent counts as the owner's own (a platform's no longer replaces it).
 * The charity only when changed: `charityId: null` leaves the listed one.
 */
export function toProfileChanges(
  values: SignupFormValues,
  page: Pick<Profile, 'fundraisingGoal'> & Partial<Pick<Profile, 'charityId'>>,
): Record<string, unknown> {
  const data = toSignupFormData(values);
  const goal = data.fundraising_goal ?? 0;
  const charityId = values.charity?.id ?? null;
  return {
    urlSlug: data.url_slug,
    name: data.name,
    marathonName: data.marathon_name,
    marathonDate: data.marathon_date,
    goalHours: data.goal_hours,
    goalMinutes: data.goal_minutes,
    donationPlatform: data.donation_platform,
    hakuDonationUrl: data.hakuFundraisingPage || null,
    donorDriveEventUrl: data.donorDriveEventUrl || null,
    donorDriveParticipantId: data.donorDriveParticipantId || null,
    justGivingPageShortName: data.justGivingPageShortName || null,
    // Cleared, the goal is 0: no progress bar.
    ...(goal !== Number(page.fundraisingGoal) ? { fundraisingGoal: goal } : {}),
    ...(charityId !== (page.charityId ?? null) ? { charityId } : {}),
    description: data.description,
    // A race the directory does not know yet is run in the runner's own time zone.
    timeZone: browserTimeZone(),
  };
}

/** What to ask of the challenge endpoints so the page's challenges become the edited rows. */
export interface ChallengePlan {
  remove: string[];
  update: { id: string; input: ChallengeInput }[];
  /** Rows without a stored challenge, by their draft id. */
  create: { draftId: string; input: ChallengeInput }[];
  /** The edited order: stored ids, and draft ids for new rows (replaced by their new ids when sent). */
  order: string[];
  /** Whether the order must be sent: not when the server's own (new ones last) is already it. */
  reorder: boolean;
}

/**
 * Diffs the edited rows against the stored challenges: never replaced wholesale, since claims hang
 * on a challenge's id. Rows left incomplete (no amount or no description) are not saved.
 */
export function planChallenges(saved: Profile['fundraisingChallenges'], drafts: ChallengeDraft[]): ChallengePlan {
  const complete = drafts.filter((c) => c.amount !== '' && c.description.trim() !== '');
  const inputOf = (c: ChallengeDraft): ChallengeInput => ({
    amount: Number(c.amount),
    description: c.description.trim(),
    isExclusive: c.isExclusive,
  });
  const byId = new Map(saved.map((c) => [c.id, c]));
  const kept = new Set(complete.map((c) => c.savedId).filter((id) => id !== undefined && byId.has(id)));
  const update = complete
    .filter((c) => c.savedId !== undefined && byId.has(c.savedId))
    .filter((c) => {
      const before = byId.get(c.savedId!)!;
      const after = inputOf(c);
      return (
        before.amount !== after.amount ||
        before.description !== after.description ||
        before.isExclusive !== after.isExclusive
      );
    })
    .map((c) => ({ id: c.savedId!, input: inputOf(c) }));
  const create = complete.filter((c) => c.savedId === undefined).map((c) => ({ draftId: c.id, input: inputOf(c) }));
  // The server adds new challenges last: the order is sent only when that is not the edited one.
  const desired = complete.map((c) => c.savedId ?? c.id);
  const serverAfter = [...saved.filter((c) => kept.has(c.id)).map((c) => c.id), ...create.map((c) => c.draftId)];
  const reorder = desired.join() !== serverAfter.join();
  return { remove: saved.filter((c) => !kept.has(c.id)).map((c) => c.id), update, create, order: desired, reorder };
}
