/** A page holds at most this many challenges (the sign-up form, the owner editor and profiles agree). */
export const MAX_CHALLENGES = 50;

// The wording of profiles' answers, shown as they are by the web app.
export const RUNNER_PROFILE_NOT_FOUND = 'Runner profile not found';
export const SLUG_TAKEN_MESSAGE = 'This page address is already taken. Please choose another.';
export const CHALLENGE_NOT_FOUND = 'Challenge not found';
export const CHALLENGE_ORDER_MISMATCH = "The new order must list each of the page's challenges exactly once";
export const TOO_MANY_CHALLENGES = `A page can have at most ${MAX_CHALLENGES} challenges`;
export const DONORDRIVE_PARTICIPANT_ID_MESSAGE = 'The DonorDrive participant ID may only contain digits';
