import { Injectable, type OnModuleInit } from '@nestjs/common';
import {
  CHALLENGE_ALREADY_CLAIMED,
  CHALLENGE_NOT_FOUND,
  CLAIM_NOT_FOUND,
  RELEASE_LINK_INVALID,
  PROFILES_EVENTS,
  buildDonationUrl,
  type ClaimChallengeRequest,
  type ClaimChallengeResult,
  type OwnerClaim,
} from '@runpledge/contracts';
import { DomainEvents, hashToken, ServiceException } from '@runpledge/server-kit';
import type { EntityManager } from 'typeorm';
import { ProfileCacheNotifier } from '../profile-cache/profile-cache.notifier.js';
import { ownedOrThrow } from '../runner-profiles/profile-ownership.util.js';
import { cacheKeyOf, isPublished } from '../runner-profiles/to-profile.util.js';
import { ChallengeClaimsRepository, type OwnerClaimRow } from './challenge-claims.repository.js';
import { ClaimDigestQueue } from './claim-digest.queue.js';

/** The dashboard shows the newest ones; older ones stay stored. */
const OWNER_CLAIMS_SHOWN = 200;

function toOwnerClaim(row: OwnerClaimRow): OwnerClaim {
  return {
    id: row.id,
    challengeId: row.challenge_id,
    runnerProfileId: row.runner_profile_id,
    urlSlug: row.url_slug,
    pageName: row.page_name,
    amount: Number(row.amount),
    description: row.description,
    isExclusive: row.is_exclusive,
    name: row.name,
    message: row.message,
    createdAt: new Date(row.created_at).toISOString(),
  };
}

/** Supporters choose challenges; the owner hears of them in a digest mail and may release one never paid. */
@Injectable()
export class ChallengeClaimsService implements OnModuleInit {
  constructor(
    private readonly claims: ChallengeClaimsRepository,
    private readonly events: DomainEvents,
    private readonly cache: ProfileCacheNotifier,
    private readonly digests: ClaimDigestQueue,
  ) {}

  onModuleInit(): void {
    // The owner's digest is asked for inside the consumer's transaction that marks the event
    // processed (a redelivered event is only acked); claims made before it runs join it.
    this.events.on(PROFILES_EVENTS.challengeClaimed, async (claim, { manager }) => {
      await this.digests.record(manager, claim.userId);
    });
  }

  /** Anyone may claim a challenge of a published page; an exclusive one only once. */
  claim(challengeId: string, request: ClaimChallengeRequest): Promise<ClaimChallengeResult> {
    return this.events.transaction(async (manager) => {
      const { challenge, profile } = await this.publishedChallenge(manager, challengeId);
      const claim = await this.claims.insertUnlessTaken(manager, challengeId, request);
      if (!claim) throw ServiceException.conflict(CHALLENGE_ALREADY_CLAIMED);
      await this.events.record(manager, PROFILES_EVENTS.challengeClaimed, {
        claimId: claim.id,
        challengeId,
        profileId: profile.id,
        userId: profile.userId,
        urlSlug: profile.urlSlug,
        amount: challenge.amount,
        description: challenge.description,
        name: claim.name,
        message: claim.message,
      });
      this.cache.afterCommit(manager, [cacheKeyOf(profile)]);
      return {
        claim: { id: claim.id, name: claim.name, createdAt: claim.createdAt.toISOString() },
        donationUrl: buildDonationUrl(profile, challenge.amount),
        runnerProfileId: profile.id,
      };
    });
  }

  /** The owner frees a challenge whose supporter never paid; it can be chosen again. */
  release(userId: string, challengeId: string, claimId: string): Promise<{ runnerProfileId: string }> {
    return this.events.transaction(async (manager) => {
      const challenge = await this.claims.findChallenge(manager, challengeId);
      if (!challenge) throw ServiceException.notFound(CHALLENGE_NOT_FOUND);
      const profile = ownedOrThrow(await this.claims.findProfileWithAccess(manager, challenge.runnerProfileId), userId);
      if (!(await this.claims.deleteOfChallenge(manager, challengeId, claimId)))
        throw ServiceException.notFound(CLAIM_NOT_FOUND);
      this.cache.afterCommit(manager, [cacheKeyOf(profile)]);
      return { runnerProfileId: profile.id };
    });
  }

  /**
   * The owner frees a claim from the link in their claim mail: the link's token, sent to the owner
   * only, stands for their sign-in for that one claim. Good once.
   */
  releaseByToken(token: string): Promise<{ runnerProfileId: string }> {
    return this.events.transaction(async (manager) => {
      const runnerProfileId = await this.claims.deleteByReleaseTokenHash(manager, hashToken(token));
      if (!runnerProfileId) throw ServiceException.notFound(RELEASE_LINK_INVALID);
      const profile = await this.claims.findProfileWithAccess(manager, runnerProfileId);
      if (profile) this.cache.afterCommit(manager, [cacheKeyOf(profile)]);
      return { runnerProfileId };
    });
  }

  async listForOwner(userId: string): Promise<OwnerClaim[]> {
    return (await this.claims.listForOwner(userId, OWNER_CLAIMS_SHOWN)).map(toOwnerClaim);
  }

  /** An unpublished page is not there for supporters: its challenges are not found either. */
  private async publishedChallenge(manager: EntityManager, challengeId: string) {
    const challenge = await this.claims.findChallenge(manager, challengeId);
    const profile = challenge && (await this.claims.findProfileWithAccess(manager, challenge.runnerProfileId));
    if (!challenge || !profile || !isPublished(profile.ownerAccess))
      throw ServiceException.notFound(CHALLENGE_NOT_FOUND);
    return { challenge, profile };
  }
}
