import { z } from 'zod';
import {
  claimChallengeResultSchema,
  ownerClaimSchema,
  releaseClaimByLinkRequestSchema,
} from '../http/challenge-claims.js';
import { challengeSchema } from '../http/challenges.js';
import { donationsPageSchema } from '../http/donations.js';
import { encouragementRequestSchema, encouragementSchema } from '../http/encouragement.js';
import { pageInsightsSchema } from '../http/page-insights.js';
import {
  latestSlugSchema,
  profileSchema,
  profileSummarySchema,
  publicProfileViewSchema,
  slugAvailabilitySchema,
} from '../http/profiles.js';
import {
  exportEncouragementsQuerySchema,
  exportedEncouragementSchema,
  exportedPledgeSchema,
  exportPageSchema,
  exportPledgesQuerySchema,
} from './account-export.js';
import { PROFILES } from './profiles.patterns.js';
import {
  accountSchema,
  createChallengeCommandSchema,
  createProfileCommandSchema,
  getAccountRequestSchema,
  getProfileBySlugQuerySchema,
  latestSlugQuerySchema,
  listDonationsQuerySchema,
  listOwnClaimsQuerySchema,
  listOwnProfilesQuerySchema,
  ownedChallengeCommandSchema,
  ownedProfileCommandSchema,
  pageInsightsQuerySchema,
  pageVisibilityQuerySchema,
  pageVisibilitySchema,
  recordPageEventCommandSchema,
  refreshTotalsCommandSchema,
  releaseClaimCommandSchema,
  reorderChallengesCommandSchema,
  slugAvailabilityQuerySchema,
  updateChallengeCommandSchema,
  updateProfileCommandSchema,
  claimChallengeCommandSchema,
} from './profiles.requests.js';
import { rpcContract, rpcSuccessSchema } from './rpc-contract.js';

/** The answer of `profiles.claim.release`: the page whose cached view the gateway drops. */
export const releasedClaimSchema = z.object({ runnerProfileId: z.uuid() });

/**
 * profiles' request-reply patterns: pattern → request schema → response schema. Responses that are
 * also what an /api route answers are the `http/` schemas (the OpenAPI document uses the same).
 * (The health ping and the account export are patterns every service answers; not here yet.)
 */
export const PROFILES_RPC = {
  [PROFILES.account.exportEncouragements]: rpcContract(
    exportEncouragementsQuerySchema,
    exportPageSchema(exportedEncouragementSchema),
  ),
  [PROFILES.account.exportPledges]: rpcContract(exportPledgesQuerySchema, exportPageSchema(exportedPledgeSchema)),
  [PROFILES.accounts.get]: rpcContract(getAccountRequestSchema, accountSchema),
  [PROFILES.profile.create]: rpcContract(createProfileCommandSchema, profileSchema),
  [PROFILES.profile.getBySlug]: rpcContract(getProfileBySlugQuerySchema, publicProfileViewSchema),
  [PROFILES.profile.visibility]: rpcContract(pageVisibilityQuerySchema, pageVisibilitySchema),
  [PROFILES.profile.update]: rpcContract(updateProfileCommandSchema, profileSchema),
  [PROFILES.profile.delete]: rpcContract(ownedProfileCommandSchema, rpcSuccessSchema),
  [PROFILES.profile.listOwn]: rpcContract(listOwnProfilesQuerySchema, z.array(profileSummarySchema)),
  [PROFILES.profile.getOwnSummary]: rpcContract(ownedProfileCommandSchema, profileSummarySchema),
  [PROFILES.profile.latestSlug]: rpcContract(latestSlugQuerySchema, latestSlugSchema),
  [PROFILES.profile.reorderChallenges]: rpcContract(reorderChallengesCommandSchema, z.array(challengeSchema)),
  [PROFILES.profile.refreshTotals]: rpcContract(refreshTotalsCommandSchema, z.object({ queued: z.literal(true) })),
  [PROFILES.profile.listDonations]: rpcContract(listDonationsQuerySchema, donationsPageSchema),
  [PROFILES.slug.availability]: rpcContract(slugAvailabilityQuerySchema, slugAvailabilitySchema),
  [PROFILES.challenge.create]: rpcContract(createChallengeCommandSchema, challengeSchema),
  [PROFILES.challenge.update]: rpcContract(updateChallengeCommandSchema, challengeSchema),
  [PROFILES.challenge.delete]: rpcContract(ownedChallengeCommandSchema, challengeSchema),
  [PROFILES.claim.create]: rpcContract(claimChallengeCommandSchema, claimChallengeResultSchema),
  [PROFILES.claim.release]: rpcContract(releaseClaimCommandSchema, releasedClaimSchema),
  [PROFILES.claim.releaseByToken]: rpcContract(releaseClaimByLinkRequestSchema, releasedClaimSchema),
  [PROFILES.claim.listOwn]: rpcContract(listOwnClaimsQuerySchema, z.array(ownerClaimSchema)),
  [PROFILES.insights.recordEvent]: rpcContract(recordPageEventCommandSchema, z.object({ recorded: z.literal(true) })),
  [PROFILES.insights.get]: rpcContract(pageInsightsQuerySchema, pageInsightsSchema),
  [PROFILES.encouragement.create]: rpcContract(encouragementRequestSchema, rpcSuccessSchema),
  [PROFILES.encouragement.list]: rpcContract(ownedProfileCommandSchema, z.array(encouragementSchema)),
} as const;
