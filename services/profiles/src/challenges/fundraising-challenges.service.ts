import { Injectable } from '@nestjs/common';
import {
  CHALLENGE_NOT_FOUND,
  CHALLENGE_ORDER_MISMATCH,
  MAX_CHALLENGES,
  TOO_MANY_CHALLENGES,
  type Challenge,
  type ChallengeInput,
  type CreateChallengeRequest,
} from '@runpledge/contracts';
import { DomainEvents, ServiceException } from '@runpledge/server-kit';
import type { EntityManager } from 'typeorm';
import { ProfileCacheNotifier } from '../profile-cache/profile-cache.notifier.js';
import type { FundraisingChallengeEntity } from './fundraising-challenge.entity.js';
import { FundraisingChallengesRepository } from './fundraising-challenges.repository.js';
import { ownedOrThrow } from '../runner-profiles/profile-ownership.util.js';
import type { RunnerProfileEntity } from '../runner-profiles/runner-profile.entity.js';
import { RunnerProfilesRepository } from '../runner-profiles/runner-profiles.repository.js';
import { cacheKeyOf, toChallenge } from '../runner-profiles/to-profile.util.js';

/** Challenge edits by the page's owner; each one locks the page so positions and counts stay true. */
@Injectable()
export class FundraisingChallengesService {
  constructor(
    private readonly profiles: RunnerProfilesRepository,
    private readonly challenges: FundraisingChallengesRepository,
    private readonly events: DomainEvents,
    private readonly cache: ProfileCacheNotifier,
  ) {}

  /** A new challenge goes last on the page. */
  create(userId: string, request: CreateChallengeRequest): Promise<Challenge> {
    const { runnerProfileId, ...input } = request;
    return this.events.transaction(async (manager) => {
      const profile = await this.lockOwnedProfile(manager, runnerProfileId, userId);
      const existing = await this.challenges.listByProfileId(profile.id, manager);
      if (existing.length >= MAX_CHALLENGES) throw ServiceException.badRequest(TOO_MANY_CHALLENGES);
      const nextPosition = Math.max(-1, ...existing.map((c) => c.position)) + 1;
      const [created] = await this.challenges.insertInOrder(manager, profile.id, [input], nextPosition);
      return toChallenge(created);
    });
  }

  update(userId: string, challengeId: string, input: ChallengeInput): Promise<Challenge> {
    return this.events.transaction(async (manager) => {
      const challenge = await this.lockOwnedChallenge(manager, challengeId, userId);
      await this.challenges.update(manager, challengeId, input);
      return toChallenge({ ...challenge, ...input });
    });
  }

  /** Answers with the challenge it removed. */
  delete(userId: string, challengeId: string): Promise<Challenge> {
    return this.events.transaction(async (manager) => {
      const challenge = await this.lockOwnedChallenge(manager, challengeId, userId);
      await this.challenges.delete(manager, challengeId);
      return toChallenge(challenge);
    });
  }

  /** Drag to reorder: `orderedIds` must be exactly the page's challenges, each once. */
  reorder(userId: string, profileId: string, orderedIds: string[]): Promise<Challenge[]> {
    return this.events.transaction(async (manager) => {
      await this.lockOwnedProfile(manager, profileId, userId);
      const current = new Set((await this.challenges.listByProfileId(profileId, manager)).map((c) => c.id));
      const asked = new Set(orderedIds);
      const sameSet =
        asked.size === orderedIds.length && asked.size === current.size && orderedIds.every((id) => current.has(id));
      if (!sameSet) throw ServiceException.badRequest(CHALLENGE_ORDER_MISMATCH);
      await this.challenges.reorder(manager, profileId, orderedIds);
      return (await this.challenges.listByProfileId(profileId, manager)).map(toChallenge);
    });
  }

  /** The owner's page, locked; its cached views are dropped once the caller's change commits. */
  private async lockOwnedProfile(
    manager: EntityManager,
    profileId: string,
    userId: string,
  ): Promise<RunnerProfileEntity> {
    const profile = ownedOrThrow(await this.profiles.lockById(manager, profileId), userId);
    this.cache.afterCommit(manager, [cacheKeyOf(profile)]);
    return profile;
  }

  private async lockOwnedChallenge(
    manager: EntityManager,
    challengeId: string,
    userId: string,
  ): Promise<FundraisingChallengeEntity> {
    const found = await this.challenges.findById(manager, challengeId);
    if (!found) throw ServiceException.notFound(CHALLENGE_NOT_FOUND);
    await this.lockOwnedProfile(manager, found.runnerProfileId, userId);
    // Read again under the page's lock: a concurrent delete may have removed it meanwhile.
    const challenge = await this.challenges.findById(manager, challengeId);
    if (!challenge) throw ServiceException.notFound(CHALLENGE_NOT_FOUND);
    return challenge;
  }
}
