import { Injectable } from '@nestjs/common';
import {
  ENCOURAGEMENTS_KEPT_PER_PAGE,
  RUNNER_PROFILE_NOT_FOUND,
  type Encouragement,
  type EncouragementRequest,
} from '@runpledge/contracts';
import { ServiceException } from '@runpledge/server-kit';
import { ownedOrThrow } from '../runner-profiles/profile-ownership.util.js';
import { RunnerProfilesRepository } from '../runner-profiles/runner-profiles.repository.js';
import type { EncouragementEntity } from './encouragement.entity.js';
import { EncouragementsRepository } from './encouragements.repository.js';

/** The owner reads the newest ones; the page keeps ENCOURAGEMENTS_KEPT_PER_PAGE. */
const ENCOURAGEMENTS_SHOWN = 200;

function toEncouragement(entity: EncouragementEntity): Encouragement {
  return {
    id: entity.id,
    runnerProfileId: entity.runnerProfileId,
    senderName: entity.senderName,
    message: entity.message,
    createdAt: entity.createdAt.toISOString(),
  };
}

@Injectable()
export class EncouragementsService {
  constructor(
    private readonly encouragements: EncouragementsRepository,
    private readonly profiles: RunnerProfilesRepository,
  ) {}

  /** Anyone may send one to an existing page; the page keeps only its most recent ones. */
  async send(request: EncouragementRequest): Promise<{ success: true }> {
    const stored = await this.encouragements.insertKeepingNewest(request, ENCOURAGEMENTS_KEPT_PER_PAGE);
    if (!stored) throw ServiceException.notFound(RUNNER_PROFILE_NOT_FOUND);
    return { success: true };
  }

  async listForOwner(userId: string, profileId: string): Promise<Encouragement[]> {
    ownedOrThrow(await this.profiles.findById(profileId), userId);
    return (await this.encouragements.listNewestFirst(profileId, ENCOURAGEMENTS_SHOWN)).map(toEncouragement);
  }
}
