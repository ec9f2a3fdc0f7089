import { BUSINESS, FIELD_LIMITS, type Charity, type DonationPlatform } from '@runpledge/contracts';
import { readExpiring, removeItem, writeExpiring } from './storage';

/** One challenge as the sign-up form saves it (spec 3). */
export interface SavedChallenge {
  amount: number;
  description: string;
  isExclusive: boolean;
}

/** The /signup form data kept in session storage between /signup, /createaccount, /auth/confirm and /payment (spec 3). */
export interface SignupFormData {
  url_slug: string;
  name: string;
  marathon_name: string;
  /** YYYY-MM-DD */
  marathon_date: string;
  goal_hours: number;
  goal_minutes: number;
  donation_platform: DonationPlatform;
  charity_link: string;
  description: string;
  challenges: SavedChallenge[];
  hakuFundraisingPage: string;
  donorDriveEventUrl: string;
  donorDriveParticipantId: string;
  justGivingPageShortName: string;
  /** The fundraising goal, when the runner gave one (issue 14). */
  fundraising_goal?: number;
  /** The listed charity chosen for the page (sent as `charityId`), with its name to show again. */
  charity?: Pick<Charity, 'id' | 'name'>;
}

const FORM_KEY = 'signup-form';
// Set once the profile exists, so a later step in the same tab does not create it twice.
const PROFILE_CREATED_KEY = 'signup-profile-created';
const TTL_MS = BUSINESS.signupDataTtlMinutes * 60_000;

export function saveSignupForm(data: SignupFormData, now = Date.now()): void {
  writeExpiring(FORM_KEY, data, TTL_MS, now);
  removeItem('session', PROFILE_CREATED_KEY);
}

/** What was saved, unchecked (see `isValidSignupFormData`), or undefined when nothing is saved or it expired. */
export function loadSignupForm(now = Date.now()): unknown {
  return readExpiring(FORM_KEY, now);
}

export function clearSignupForm(): void {
  removeItem('session', FORM_KEY);
  removeItem('session', PROFILE_CREATED_KEY);
}

export function markProfileCreated(slug: string, now = Date.now()): void {
  writeExpiring(PROFILE_CREATED_KEY, slug, TTL_MS, now);
}

export function isProfileCreated(slug: string, now = Date.now()): boolean {
  return readExpiring(PROFILE_CREATED_KEY, now) === slug;
}

const PLATFORMS_WITH_DERIVED_LINK: readonly string[] = ['haku', 'donordrive', 'justgiving'];

const textUpTo = (value: unknown, max: number) => typeof value === 'string' && value.length <= max;

const isSavedCharity = (value: unknown) =>
  value === undefined ||
  (typeof value === 'object' &&
    value !== null &&
    typeof (value as Record<string, unknown>).id === 'string' &&
    typeof (value as Record<string, unknown>).name === 'string');

/** The saved-data check of spec 5, made before the saved data is used to create a profile. */
export function isValidSignupFormData(value: unknown): value is SignupFormData {
  if (typeof value !== 'object' || value === null) return false;
  const data = value as Record<string, unknown>;
  const platform = data.donation_platform;
  return (
    textUpTo(data.name, FIELD_LIMITS.name) &&
    textUpTo(data.marathon_name, FIELD_LIMITS.marathonName) &&
    typeof data.marathon_date === 'string' &&
    textUpTo(data.description, FIELD_LIMITS.description) &&
    textUpTo(data.url_slug, FIELD_LIMITS.urlSlug) &&
    typeof platform === 'string' &&
    platform !== '' &&
    isSavedCharity(data.charity) &&
    (PLATFORMS_WITH_DERIVED_LINK.includes(platform) ||
      data.charity_link == null ||
      textUpTo(data.charity_link, FIELD_LIMITS.charityLink))
  );
}
