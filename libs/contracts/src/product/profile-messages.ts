/** A page holds at most this many challenges (the sign-up form, the owner editor and profiles agree). */
export const MAX_CHALLENGES = 50;

/**
 * Pages one account may hold: a runner keeps a page per race (a few a year, past ones kept), and
 * every page costs a poster, a share card and its syncs, so free accounts cannot be scaled up at will.
 */
export const MAX_PAGES_PER_ACCOUNT = 10;

// The wording of profiles' answers, shown as they are by the web app.
export const RUNNER_PROFILE_NOT_FOUND = 'Runner profile not found';
export const SLUG_TAKEN_MESSAGE = 'This page address is already taken. Please choose another.';
export const CHALLENGE_NOT_FOUND = 'Challenge not found';
export const CHALLENGE_ORDER_MISMATCH = "The new order must list each of the page's challenges exactly once";
export const TOO_MANY_PAGES = `An account can have at most ${MAX_PAGES_PER_ACCOUNT} pages. Delete one to create another.`;
export const TOO_MANY_CHALLENGES = `A page can have at most ${MAX_CHALLENGES} challenges`;
export const DONORDRIVE_PARTICIPANT_ID_MESSAGE = 'The DonorDrive participant ID may only contain digits';
/** Share cards and posters are drawn a few at a time; past the short queue the gateway answers 503. */
export const DRAWING_BUSY = 'Too many images are being drawn right now. Please try again in a few seconds.';
