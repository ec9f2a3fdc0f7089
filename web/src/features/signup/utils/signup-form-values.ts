import {
  createProfileRequestSchema,
  deriveCharityLink,
  FIELD_LIMITS,
  normalizeSlug,
  platformProblem,
  type DonationPlatform,
} from '@runpledge/contracts';
import type { SignupFormData } from '@/lib/signup-form-storage';
import { isNumberInput } from '@/lib/number-input';

/** One row of the challenges editor; `id` only keeps rows apart while editing and dragging. */
export interface ChallengeDraft {
  id: string;
  amount: string;
  description: string;
  isExclusive: boolean;
  /** The stored challenge this row edits (claims hang on its id); absent for a new one. */
  savedId?: string;
}

/** What the /signup inputs hold (text, as inputs give it), before it becomes `SignupFormData`. */
export interface SignupFormValues {
  name: string;
  marathonName: string;
  marathonDate: string;
  goalHours: string;
  goalMinutes: string;
  donationPlatform: DonationPlatform | '';
  hakuFundraisingPage: string;
  donorDriveEventUrl: string;
  donorDriveParticipantId: string;
  justGivingPageShortName: string;
  fundraisingGoal: string;
  description: string;
  challenges: ChallengeDraft[];
  urlSlug: string;
  /** The listed charity the page names, or null. */
  charity: NonNullable<SignupFormData['charity']> | null;
}

export type SignupField = keyof SignupFormValues;

export interface FormProblem {
  field: SignupField;
  message: string;
}

/** Top-to-bottom order of the fields on the page: problems are reported, and focus goes, in this order. */
export const FIELD_ORDER: readonly SignupField[] = [
  'name',
  'marathonName',
  'marathonDate',
  'goalHours',
  'goalMinutes',
  'donationPlatform',
  'hakuFundraisingPage',
  'donorDriveEventUrl',
  'donorDriveParticipantId',
  'justGivingPageShortName',
  'fundraisingGoal',
  'description',
  'challenges',
  'urlSlug',
];

export const MARATHON_DATE_IN_PAST = 'The marathon date cannot be in the past.';

let nextChallengeId = 0;
export function newChallengeDraft(challenge?: Partial<Omit<ChallengeDraft, 'id'>>): ChallengeDraft {
  nextChallengeId += 1;
  return { id: `challenge-${nextChallengeId}`, amount: '', description: '', isExclusive: false, ...challenge };
}

export const EMPTY_SIGNUP_FORM: SignupFormValues = {
  name: '',
  marathonName: '',
  marathonDate: '',
  goalHours: '',
  goalMinutes: '',
  donationPlatform: '',
  hakuFundraisingPage: '',
  donorDriveEventUrl: '',
  donorDriveParticipantId: '',
  justGivingPageShortName: '',
  fundraisingGoal: '',
  description: '',
  challenges: [],
  urlSlug: '',
  charity: null,
};

/** Refills the form from data saved earlier in this tab (e.g. after "Back" from /createaccount). */
export function valuesFromSavedForm(saved: SignupFormData): SignupFormValues {
  return {
    name: saved.name,
    marathonName: saved.marathon_name,
    marathonDate: saved.marathon_date,
    goalHours: String(saved.goal_hours),
    goalMinutes: String(saved.goal_minutes),
    donationPlatform: saved.donation_platform,
    hakuFundraisingPage: saved.hakuFundraisingPage,
    donorDriveEventUrl: saved.donorDriveEventUrl,
    donorDriveParticipantId: saved.donorDriveParticipantId,
    justGivingPageShortName: saved.justGivingPageShortName,
    fundraisingGoal: saved.fundraising_goal ? String(saved.fundraising_goal) : '',
    description: saved.description,
    challenges: (saved.challenges ?? []).map((c) =>
      newChallengeDraft({ amount: String(c.amount), description: c.description, isExclusive: c.isExclusive }),
    ),
    urlSlug: saved.url_slug,
    charity: saved.charity ? { id: saved.charity.id, name: saved.charity.name } : null,
  };
}

/** Spec 5: goal hours and minutes that are not numbers become 0. */
function wholeNumberOrZero(text: string): number {
  const n = Number.parseInt(text, 10);
  return Number.isFinite(n) ? n : 0;
}

/** True when `text` is an acceptable new value for a number field: empty, or a number in range with few enough decimals. */
export function acceptsNumber(text: string, { min, max, decimals }: { min: number; max: number; decimals: number }) {
  if (text === '') return true;
  if (!isNumberInput(text)) return false;
  const [, fraction = ''] = text.split('.');
  const n = Number(text);
  return Number.isFinite(n) && n >= min && n <= max && fraction.length <= decimals;
}

/** The data to save (spec 3): trimmed, only the chosen platform's fields, charity link derived, complete challenges only. */
export function toSignupFormData(values: SignupFormValues): SignupFormData {
  const platform = values.donationPlatform as DonationPlatform;
  const only = (p: DonationPlatform, value: string) => (platform === p ? value.trim() : '');
  const hakuFundraisingPage = only('haku', values.hakuFundraisingPage);
  const donorDriveEventUrl = only('donordrive', values.donorDriveEventUrl);
  const donorDriveParticipantId = only('donordrive', values.donorDriveParticipantId);
  const justGivingPageShortName = only('justgiving', values.justGivingPageShortName);
  const charityLink =
    deriveCharityLink({
      donationPlatform: platform,
      hakuDonationUrl: hakuFundraisingPage || null,
      donorDriveEventUrl: donorDriveEventUrl || null,
      justGivingPageShortName: justGivingPageShortName || null,
    }) ?? '';
  return {
    url_slug: normalizeSlug(values.urlSlug),
    name: values.name.trim(),
    marathon_name: values.marathonName.trim(),
    marathon_date: values.marathonDate,
    goal_hours: wholeNumberOrZero(values.goalHours),
    goal_minutes: wholeNumberOrZero(values.goalMinutes),
    donation_platform: platform,
    charity_link: charityLink,
    description: values.description.trim(),
    challenges: values.challenges
      .filter((c) => c.amount !== '' && c.description.trim() !== '')
      .map((c) => ({ amount: Number(c.amount), description: c.description.trim(), isExclusive: c.isExclusive })),
    hakuFundraisingPage,
    donorDriveEventUrl,
    donorDriveParticipantId,
    justGivingPageShortName,
    ...(Number(values.fundraisingGoal) > 0 ? { fundraising_goal: Number(values.fundraisingGoal) } : {}),
    ...(values.charity ? { charity: { id: values.charity.id, name: values.charity.name } } : {}),
  };
}

// The shared schema speaks the API's names; these are the form's. The charity link is derived
// from the platform's own field, checked there; the fourth platform ("other", shown as Classy) is
// not offered yet, so its link problem is reported at the platform select.
const FIELD_OF_API_PATH: Record<string, SignupField> = {
  hakuDonationUrl: 'hakuFundraisingPage',
  charityLink: 'donationPlatform',
};

/**
 * Checks the form before it is saved. The checks of spec 5 (date, platform, the platform's own
 * field, required inputs) come with the spec's messages; the rest are the shared profile schema's
 * (lengths, web addresses, reserved page addresses), so what passes here will be accepted when
 * the profile is created. One problem per field, in page order.
 */
export function validateSignupForm(
  values: SignupFormValues,
  {
    today,
    slugTakenMessage,
    unchangedDate,
  }: {
    today: string;
    slugTakenMessage?: string;
    /** An edited page's current date: it may stay, even once passed. */
    unchangedDate?: string;
  },
): FormProblem[] {
  const data = toSignupFormData(values);
  const problems = new Map<SignupField, string>();
  const add = (field: SignupField, message: string) => {
    if (!problems.has(field)) problems.set(field, message);
  };

  if (!values.marathonDate) add('marathonDate', 'Please select a marathon date.');
  else if (values.marathonDate < today && values.marathonDate !== unchangedDate)
    add('marathonDate', MARATHON_DATE_IN_PAST);
  if (!values.donationPlatform) add('donationPlatform', 'Please select a donation platform.');
  else {
    const problem = platformProblem({
      donationPlatform: values.donationPlatform,
      charityLink: data.charity_link || null,
      hakuDonationUrl: data.hakuFundraisingPage || null,
      donorDriveEventUrl: data.donorDriveEventUrl || null,
      donorDriveParticipantId: data.donorDriveParticipantId || null,
      justGivingPageShortName: data.justGivingPageShortName || null,
    });
    if (problem) add(FIELD_OF_API_PATH[problem.path] ?? (problem.path as SignupField), problem.message);
  }

  const parsed = createProfileRequestSchema.safeParse(data);
  for (const issue of parsed.success ? [] : parsed.error.issues) {
    const apiField = String(issue.path[0] ?? '');
    // A derived link repeats the platform field, whose own problem is the one to show.
    if (apiField === 'charityLink' && values.donationPlatform !== 'other') continue;
    const field = FIELD_OF_API_PATH[apiField] ?? apiField;
    if ((FIELD_ORDER as readonly string[]).includes(field)) add(field as SignupField, issue.message);
  }
  if (slugTakenMessage) add('urlSlug', slugTakenMessage);

  return FIELD_ORDER.filter((field) => problems.has(field)).map((field) => ({ field, message: problems.get(field)! }));
}

/** The maximum lengths of the form's text inputs (spec 5): longer input is cut off. */
export const MAX_LENGTH = {
  name: FIELD_LIMITS.name,
  marathonName: FIELD_LIMITS.marathonName,
  description: FIELD_LIMITS.description,
  urlSlug: FIELD_LIMITS.urlSlug,
  challengeDescription: FIELD_LIMITS.challengeDescription,
} as const;

/** Today's date where the runner is, as YYYY-MM-DD (the date input's format). */
export function localDateIso(date = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}
