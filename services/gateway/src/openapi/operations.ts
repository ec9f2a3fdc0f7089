import * as contracts from '@runpledge/contracts';
import { z } from 'zod';

/** One documented operation of `/api`: the contracts schemas of what it reads. */
export interface ApiOperation {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** As the gateway routes it, Nest style (`/api/runner-profile/:slug`). */
  path: string;
  summary: string;
  tag: string;
  /** Anyone may call it (no session or bearer token). */
  public?: boolean;
  body?: z.ZodType;
  /** The body is multipart/form-data with one file in the field `file` (and `X-Requested-With: XMLHttpRequest`). */
  file?: true;
  query?: z.ZodType;
  /** The JSON of a 2xx answer, from libs/contracts (integration tests check answers against it). */
  response?: z.ZodType;
  /** An answer that is not JSON: its media type, a redirect (302 with Location) or no body (204). */
  answers?:
    'image/png' | 'application/pdf' | 'text/html' | 'text/csv' | 'application/openapi+json' | 'redirect' | 'no content';
}

const op = (
  method: ApiOperation['method'],
  path: string,
  tag: string,
  summary: string,
  extra: Partial<ApiOperation> = {},
): ApiOperation => ({ method, path: `/api${path}`, tag, summary, ...extra });

/**
 * Every route of `/api` (a test compares this table with the gateway's own route table, both ways).
 * Bodies and queries are the schemas the controllers parse with, from libs/contracts.
 */
export const API_OPERATIONS: ApiOperation[] = [
  op('GET', '/health/live', 'operations', 'The gateway process runs', {
    public: true,
    response: contracts.livenessSchema,
  }),
  op('GET', '/health/ready', 'operations', 'The gateway (and, with ?all=true, every service) can serve', {
    public: true,
    response: contracts.readinessSchema,
  }),
  op('GET', '/openapi.json', 'operations', 'This document', { public: true, answers: 'application/openapi+json' }),
  op('GET', '/docs', 'operations', 'This document, interactive (Swagger UI)', { public: true, answers: 'text/html' }),

  op('POST', '/auth/signup', 'auth', 'Create an account', {
    public: true,
    body: contracts.signUpRequestSchema,
    response: contracts.userResponseSchema,
  }),
  op('POST', '/auth/signin', 'auth', 'Sign in', {
    public: true,
    body: contracts.signInRequestSchema,
    response: contracts.userResponseSchema,
  }),
  op('POST', '/auth/signout', 'auth', 'Sign out this session', { public: true, response: contracts.successSchema }),
  op('POST', '/auth/signout-everywhere', 'auth', 'Sign out every session', { response: contracts.successSchema }),
  op('POST', '/auth/change-password', 'auth', 'Change the password', {
    body: contracts.changePasswordRequestSchema,
    response: contracts.successSchema,
  }),
  op('GET', '/auth/me', 'auth', 'The signed-in user', { response: contracts.userResponseSchema }),
  op('POST', '/auth/verify', 'auth', 'Confirm an e-mail address', {
    public: true,
    body: contracts.verifyEmailRequestSchema,
    response: contracts.verifyEmailResponseSchema,
  }),
  op('POST', '/auth/password-reset', 'auth', 'Ask for a password-reset e-mail', {
    public: true,
    body: contracts.passwordResetRequestSchema,
    response: contracts.successSchema,
  }),
  op('POST', '/auth/password-reset/confirm', 'auth', 'Set a new password with a reset token', {
    public: true,
    body: contracts.passwordResetConfirmSchema,
    response: contracts.successSchema,
  }),
  op('POST', '/auth/change-email', 'auth', 'Change the e-mail address', {
    body: contracts.changeEmailRequestSchema,
    response: contracts.successSchema,
  }),
  op('POST', '/auth/change-email/cancel', 'auth', 'Cancel an e-mail change ("this wasn\'t me")', {
    public: true,
    body: contracts.cancelEmailChangeRequestSchema,
    response: contracts.successSchema,
  }),

  op('GET', '/account/export', 'account', 'Export all of my data', { response: contracts.accountExportSchema }),
  op('DELETE', '/account', 'account', 'Delete my account', {
    body: contracts.deleteAccountRequestSchema,
    response: contracts.successSchema,
  }),

  op('POST', '/runner-profile', 'profiles', 'Create a fundraising page', {
    body: contracts.createProfileRequestSchema,
    response: z.object({ profile: contracts.profileViewSchema }),
  }),
  op('GET', '/runner-profile/:slug', 'profiles', 'A published page (or my own)', {
    public: true,
    response: z.object({ profile: contracts.profileViewSchema, stale: z.literal(true).optional() }),
  }),
  op('PUT', '/runner-profile/:id', 'profiles', 'Edit my page', {
    body: contracts.updateProfileRequestSchema,
    response: z.object({ profile: contracts.profileViewSchema }),
  }),
  op('DELETE', '/runner-profile/:id', 'profiles', 'Delete my page', { response: contracts.rpcSuccessSchema }),
  op('PUT', '/runner-profile/:id/challenge-order', 'profiles', 'Reorder my challenges', {
    body: contracts.challengeOrderRequestSchema,
    response: z.object({ challenges: z.array(contracts.challengeSchema) }),
  }),
  op('GET', '/runner-profile/:id/encouragements', 'profiles', 'Encouragements left on my page', {
    response: z.array(contracts.encouragementSchema),
  }),
  op('POST', '/runner-profile/:id/totals/refresh', 'profiles', 'Refresh the page totals from its platform', {
    response: z.object({ queued: z.literal(true) }),
  }),
  op('GET', '/runner-profile/:id/donations', 'profiles', 'Recent donations of a page', {
    public: true,
    response: contracts.donationsPageSchema,
  }),
  op('POST', '/runner-profile/:id/events', 'profiles', 'Count a visit, share, donate click or challenge choice', {
    public: true,
    body: contracts.pageEventRequestSchema,
    answers: 'no content',
  }),
  op('GET', '/runner-profile/:id/insights', 'profiles', 'Daily views, visitors and clicks of my page', {
    response: contracts.pageInsightsSchema,
  }),
  op('GET', '/runner-profile/:id/poster.pdf', 'profiles', 'Race-day poster of my page (A4 PDF)', {
    answers: 'application/pdf',
  }),
  op('GET', '/runner-profile/:id/poster.png', 'profiles', 'Race-day poster of my page (PNG)', { answers: 'image/png' }),
  op('GET', '/runner-profile/:slug/og-image.png', 'profiles', 'Share card of a page', {
    public: true,
    answers: 'image/png',
  }),
  op('GET', '/og-image.png', 'profiles', 'Share card of the site', { public: true, answers: 'image/png' }),
  op('GET', '/events/:slug/og-image.png', 'events', 'Share card of an event', { public: true, answers: 'image/png' }),
  op('GET', '/teams/:slug/og-image.png', 'teams', 'Share card of a team', { public: true, answers: 'image/png' }),
  op('GET', '/charities/:slug/og-image.png', 'charities', 'Share card of a charity', {
    public: true,
    answers: 'image/png',
  }),
  op('GET', '/recent-profiles', 'profiles', 'My recent pages', { response: z.array(contracts.profileSummarySchema) }),
  op('GET', '/user/profile-slug', 'profiles', 'The slug of a user’s page', { response: contracts.latestSlugSchema }),
  op('GET', '/slug-availability', 'profiles', 'Whether a page address is free', {
    public: true,
    response: contracts.slugAvailabilitySchema,
  }),
  op('POST', '/encouragement', 'profiles', 'Leave an encouragement on a page', {
    public: true,
    body: contracts.encouragementRequestSchema,
    response: contracts.rpcSuccessSchema,
  }),
  op('POST', '/fundraising-challenges', 'challenges', 'Add a challenge', {
    body: contracts.createChallengeRequestSchema,
    response: z.object({ challenge: contracts.challengeSchema }),
  }),
  op('PUT', '/fundraising-challenges/:id', 'challenges', 'Edit a challenge', {
    body: contracts.updateChallengeRequestSchema,
    response: z.object({ challenge: contracts.challengeSchema }),
  }),
  op('DELETE', '/fundraising-challenges/:id', 'challenges', 'Delete a challenge', {
    response: contracts.rpcSuccessSchema,
  }),
  op('POST', '/fundraising-challenges/:id/claims', 'challenges', 'Claim a challenge', {
    public: true,
    body: contracts.claimChallengeRequestSchema,
    response: contracts.claimChallengeResponseSchema,
  }),
  op('DELETE', '/fundraising-challenges/:id/claims/:claimId', 'challenges', 'Release a claim on my challenge', {
    response: contracts.rpcSuccessSchema,
  }),
  op('POST', '/challenge-claims/release-by-link', 'challenges', 'Release a claim from the link in my claim mail', {
    public: true,
    body: contracts.releaseClaimByLinkRequestSchema,
    response: contracts.rpcSuccessSchema,
  }),
  op('GET', '/challenge-claims', 'challenges', 'Claims on my challenges', {
    response: z.object({ claims: z.array(contracts.ownerClaimSchema) }),
  }),

  op('POST', '/runner-profile/:id/pledges', 'pledges', 'Pledge an amount per mile (or km)', {
    public: true,
    body: contracts.createPledgeRequestSchema,
    response: contracts.pledgeResponseSchema,
  }),
  op('GET', '/runner-profile/:id/pledges', 'pledges', "A page's confirmed pledges, largest rate first, 50 a page", {
    public: true,
    query: contracts.pledgesPageQuerySchema,
    response: contracts.pagePledgesResponseSchema,
  }),
  op('GET', '/runner-profile/:id/pledges/manage', 'pledges', 'The pledges on my page, newest first, 50 a page', {
    query: contracts.pledgesPageQuerySchema,
    response: contracts.managePledgesResponseSchema,
  }),
  op('DELETE', '/runner-profile/:id/pledges/:pledgeId', 'pledges', 'Remove a pledge from my page', {
    response: contracts.rpcSuccessSchema,
  }),
  op('POST', '/runner-profile/:id/pledges/close', 'pledges', "I've finished: my page's pledges fall due now", {
    response: contracts.closePledgesResponseSchema,
  }),
  op(
    'PUT',
    '/runner-profile/:id/race-result',
    'race day',
    'Record, correct or undo my race result (from race day on)',
    {
      body: contracts.setRaceResultRequestSchema,
      response: z.object({ profile: contracts.profileViewSchema }),
    },
  ),
  op('POST', '/runner-profile/:id/followers', 'race day', "Follow a runner's race by mail (double opt-in)", {
    public: true,
    body: contracts.followRequestSchema,
    response: contracts.followResponseSchema,
  }),
  op('POST', '/followers/confirm', 'race day', 'Confirm following a race from its mail', {
    public: true,
    body: contracts.confirmFollowerRequestSchema,
    response: contracts.successSchema,
  }),
  op(
    'POST',
    '/runner-profile/:id/thank-you',
    'race day',
    'Thank my followers and pledgers (from race day on, once a week)',
    {
      body: contracts.thankYouRequestSchema,
      response: contracts.thankYouResponseSchema,
    },
  ),
  op('POST', '/pledges/confirm', 'pledges', 'Confirm a pledge from its mail', {
    public: true,
    body: contracts.confirmPledgeRequestSchema,
    response: contracts.pledgeResponseSchema,
  }),
  op('POST', '/pledges/:id/paid', 'pledges', "I've paid my pledge (link in its mail)", {
    public: true,
    body: contracts.pledgeTokenRequestSchema,
    response: contracts.pledgeResponseSchema,
  }),
  op('POST', '/pledges/:id/cancel', 'pledges', 'Cancel my pledge until it is paid, a due one too (link in its mails)', {
    public: true,
    body: contracts.pledgeTokenRequestSchema,
    response: contracts.pledgeResponseSchema,
  }),
  op('POST', '/pledges/:id/unsubscribe', 'pledges', 'No more mails about my pledge (link in its mail)', {
    public: true,
    body: contracts.pledgeTokenRequestSchema,
    response: contracts.rpcSuccessSchema,
  }),
  op(
    'POST',
    '/mail/suppress',
    'pledges',
    'No more mail from RunPledge to this address (link in a pledge or team mail)',
    {
      public: true,
      body: contracts.suppressInboxRequestSchema,
      response: contracts.rpcSuccessSchema,
    },
  ),

  op('GET', '/strava/auth', 'fitness', 'Start connecting Strava', { answers: 'redirect' }),
  op('GET', '/strava/callback', 'fitness', 'Strava’s OAuth return', {
    public: true,
    query: contracts.stravaCallbackQuerySchema,
    answers: 'redirect',
  }),
  op('POST', '/strava/sync', 'fitness', 'Sync my Strava activities now', { response: contracts.stravaSyncReplySchema }),
  op('POST', '/strava/disconnect', 'fitness', 'Disconnect Strava', { response: contracts.successSchema }),
  op('POST', '/fitness/strava/connect', 'fitness', 'Connect Strava (app flow)', {
    body: contracts.stravaConnectBodySchema,
    response: contracts.successSchema,
  }),
  op('POST', '/fitness/strava/complete-setup', 'fitness', 'Finish the Strava setup', {
    body: contracts.stravaCompleteSetupBodySchema,
    response: contracts.successSchema,
  }),
  op('GET', '/fitness-profile/:profileId', 'fitness', 'Training summary of a page', {
    public: true,
    response: contracts.fitnessProfileSchema,
  }),
  op('GET', '/training-stats/:profileId', 'fitness', 'Training statistics of a page', {
    public: true,
    response: contracts.trainingStatsSchema,
  }),
  op('GET', '/activities', 'fitness', 'Activities of a page', {
    public: true,
    query: contracts.activitiesQuerySchema,
    response: z.array(contracts.activitySchema),
  }),
  op('POST', '/activities', 'fitness', 'Add a manual activity', {
    body: contracts.manualActivityInputSchema,
    response: contracts.activitySchema,
  }),
  op('POST', '/activities/upload', 'fitness', 'Add a run from a GPX, TCX or FIT file (up to 10 MB)', {
    file: true,
    response: contracts.activityUploadResponseSchema,
  }),
  op('PUT', '/activities/:id', 'fitness', 'Edit a manual activity', {
    body: contracts.manualActivityInputSchema,
    response: contracts.activitySchema,
  }),
  op('DELETE', '/activities/:id', 'fitness', 'Delete an activity', { response: contracts.successSchema }),

  op('GET', '/subscription/check', 'subscription', 'My subscription', { response: contracts.subscriptionCheckSchema }),
  op('POST', '/subscription/create-checkout', 'subscription', 'Start a Stripe checkout', {
    body: contracts.createCheckoutRequestSchema,
    response: contracts.createCheckoutResponseSchema,
  }),
  op('POST', '/subscription/reconcile', 'subscription', 'Reconcile a finished checkout', {
    body: contracts.reconcileCheckoutRequestSchema,
    response: contracts.subscriptionCheckSchema,
  }),
  op('POST', '/subscription/portal', 'subscription', 'Open the Stripe billing portal', {
    body: contracts.billingPortalRequestSchema,
    response: contracts.billingPortalResponseSchema,
  }),
  op('GET', '/subscription/config', 'subscription', 'Public billing settings', {
    public: true,
    response: contracts.billingConfigSchema,
  }),

  op('POST', '/webhooks/stripe', 'webhooks', 'Stripe events (signed)', {
    public: true,
    response: contracts.webhookReceivedSchema,
  }),
  op('GET', '/webhooks/strava', 'webhooks', 'Strava subscription validation', {
    public: true,
    query: contracts.stravaWebhookValidationSchema,
    response: contracts.stravaWebhookChallengeSchema,
  }),
  op('POST', '/webhooks/strava', 'webhooks', 'Strava events', {
    public: true,
    body: contracts.stravaWebhookEventSchema,
    response: contracts.webhookReceivedSchema,
  }),
  op('GET', '/charities/:id/sponsorship', 'charities', "The charity's runner places: bought, given, status (admin)", {
    response: contracts.sponsorshipSchema,
  }),
  op(
    'POST',
    '/charities/:id/sponsorship/checkout',
    'charities',
    'Stripe Checkout for runner places, $4 each a month (admin)',
    {
      body: contracts.sponsorshipCheckoutRequestSchema,
      response: contracts.sponsorshipCheckoutResponseSchema,
    },
  ),
  op(
    'POST',
    '/charities/:id/sponsorship/portal',
    'charities',
    "Open the Stripe billing portal for the charity's runner places (admin)",
    {
      body: contracts.sponsorshipPortalRequestSchema,
      response: contracts.sponsorshipPortalResponseSchema,
    },
  ),
  op(
    'POST',
    '/charities/:id/sponsorship/seats',
    'charities',
    'Give a runner place to a page naming the charity (admin)',
    {
      body: contracts.assignSeatRequestSchema,
      response: contracts.sponsorshipSchema,
    },
  ),
  op('DELETE', '/charities/:id/sponsorship/seats/:runnerProfileId', 'charities', 'Take a runner place back (admin)', {
    response: contracts.sponsorshipSchema,
  }),
  op(
    'GET',
    '/events',
    'events',
    'The events directory: live events soonest first, searched by name or city, 20 a page',
    {
      public: true,
      query: contracts.eventListQuerySchema,
      response: contracts.eventListResponseSchema,
    },
  ),
  op(
    'GET',
    '/events/:slug',
    'events',
    'An event, its sums per currency and one page of its published runners, ranked',
    {
      public: true,
      query: contracts.eventPageQuerySchema,
      response: contracts.eventPageResponseSchema,
    },
  ),
  op('POST', '/teams', 'teams', "Create a team; the caller's page becomes its captain", {
    body: contracts.createTeamRequestSchema,
    response: contracts.teamResponseSchema,
  }),
  op('GET', '/teams/:slug', 'teams', 'A team and one page of its published members, ranked', {
    public: true,
    query: contracts.teamPageQuerySchema,
    response: contracts.teamPageResponseSchema,
  }),
  op('PUT', '/teams/:id', 'teams', 'Edit the team (captain)', {
    body: contracts.updateTeamRequestSchema,
    response: contracts.teamResponseSchema,
  }),
  op('DELETE', '/teams/:id', 'teams', 'Delete the team (captain); its pages stay', {
    response: contracts.successSchema,
  }),
  op('POST', '/teams/:id/members', 'teams', 'Join with a page, or ask to (approval teams)', {
    body: contracts.joinTeamRequestSchema,
    response: contracts.teamMemberResponseSchema,
  }),
  op('DELETE', '/teams/:id/members/:runnerProfileId', 'teams', "Leave (the page's owner) or remove (captain)", {
    response: contracts.successSchema,
  }),
  op('POST', '/teams/:id/members/:runnerProfileId/approve', 'teams', 'Approve a join request (captain)', {
    response: contracts.teamMemberResponseSchema,
  }),
  op('POST', '/teams/:id/captain', 'teams', 'Hand the team to another member (captain)', {
    body: contracts.handOverTeamRequestSchema,
    response: contracts.teamResponseSchema,
  }),
  op('GET', '/teams/:id/invite', 'teams', "The team's invite code and link (captain)", {
    response: contracts.teamInviteResponseSchema,
  }),
  op('POST', '/teams/:id/invite', 'teams', 'A new invite code; the old one stops working (captain)', {
    response: contracts.teamInviteResponseSchema,
  }),
  op('GET', '/teams/:id/members.csv', 'teams', 'Every member and request as CSV (captain)', { answers: 'text/csv' }),
  op('POST', '/charities', 'charities', 'Create a charity; the caller becomes its first admin', {
    body: contracts.createCharityRequestSchema,
    response: contracts.charityResponseSchema,
  }),
  op('GET', '/charities', 'charities', 'The charity directory, verified first, 20 a page', {
    public: true,
    query: contracts.charityDirectoryQuerySchema,
    response: contracts.charityDirectoryResponseSchema,
  }),
  op('POST', '/charities/verify', 'charities', 'Complete a verification from the mailed link', {
    public: true,
    body: contracts.charityTokenRequestSchema,
    response: contracts.charityResponseSchema,
  }),
  op('POST', '/charities/invitations/accept', 'charities', 'Join the staff from a mailed invitation', {
    body: contracts.charityTokenRequestSchema,
    response: contracts.charityResponseSchema,
  }),
  op('GET', '/charities/:slug', 'charities', 'A charity, its sums per currency and one page of its runners', {
    public: true,
    query: contracts.charityPageQuerySchema,
    response: contracts.charityPageResponseSchema,
  }),
  op('PUT', '/charities/:id', 'charities', 'Edit the charity (admin); a new website must be verified again', {
    body: contracts.updateCharityRequestSchema,
    response: contracts.charityResponseSchema,
  }),
  op(
    'POST',
    '/charities/:id/verification',
    'charities',
    "Mail a verification link to an address at the website's domain (admin)",
    {
      body: contracts.charityVerificationRequestSchema,
      response: contracts.successSchema,
    },
  ),
  op('GET', '/charities/:id/staff', 'charities', 'Staff and open invitations (admin)', {
    response: contracts.charityStaffResponseSchema,
  }),
  op('POST', '/charities/:id/staff', 'charities', 'Invite by mail, or change the role of staff (admin)', {
    body: contracts.charityStaffRequestSchema,
    response: contracts.charityStaffResponseSchema,
  }),
  op('DELETE', '/charities/:id/staff/:userId', 'charities', 'Remove staff (admin) or leave; the last admin cannot', {
    response: contracts.charityStaffResponseSchema,
  }),
  op('GET', '/charities/:id/runners', 'charities', 'Every page naming the charity, with flags (staff), 50 a page', {
    query: contracts.charityRunnersQuerySchema,
    response: contracts.charityRunnersResponseSchema,
  }),
  op('GET', '/charities/:id/runners.csv', 'charities', "The console's rows as CSV, streamed (staff)", {
    query: contracts.charityRunnersQuerySchema,
    answers: 'text/csv',
  }),
  op('POST', '/charities/:id/messages', 'charities', 'Write to runners naming the charity (staff); one a week each', {
    body: contracts.charityMessageRequestSchema,
    response: contracts.charityMessageResponseSchema,
  }),
];
