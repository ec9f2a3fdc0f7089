import { Injectable, type OnModuleInit } from '@nestjs/common';
import { PROFILES_EVENTS, type FitnessProfile } from '@runpledge/contracts';
import { DomainEvents } from '@runpledge/server-kit';
import { FitnessProfilesRepository, type TrainingSetupRow } from './fitness-profiles.repository.js';

const NOT_SET_UP: FitnessProfile = {
  stravaConnected: false,
  trainingStartDate: null,
  needsReconnect: false,
  lastSyncedAt: null,
  publicDisplayConsent: false,
};

@Injectable()
export class FitnessProfilesService implements OnModuleInit {
  constructor(
    private readonly pages: FitnessProfilesRepository,
    private readonly events: DomainEvents,
  ) {}

  /** Fitness keeps its own copy of who owns which page: owner checks never ask profiles. */
  onModuleInit(): void {
    // Created and slug-changed come on separate consumers: a late "created" must not undo a move.
    this.events.on(PROFILES_EVENTS.profileCreated, (page, { manager }) => this.pages.insertIfAbsent(manager, page));
    this.events.on(PROFILES_EVENTS.slugChanged, (page, { manager }) => this.pages.upsert(manager, page));
    this.events.on(PROFILES_EVENTS.profileDeleted, (page, { manager }) => this.pages.delete(manager, page.profileId));
  }

  /** A page with no training setup yet reads as not connected rather than missing. */
  async get(profileId: string): Promise<FitnessProfile> {
    return toFitnessProfile(await this.pages.findTrainingSetup(profileId));
  }

  /**
   * The page's summary when the page is `userId`'s, published or not; null when it is not theirs
   * (or not known here yet: the caller then asks profiles, which owns publishing). Ownership is
   * checked on fitness' own copy of who owns which page, in the query that reads the summary.
   */
  async getOwn(profileId: string, userId: string): Promise<FitnessProfile | null> {
    const own = await this.pages.findOwnTrainingSetup(profileId, userId);
    return own === null ? null : toFitnessProfile(own.setup);
  }
}

function toFitnessProfile(connection: TrainingSetupRow | null): FitnessProfile {
  if (!connection) return NOT_SET_UP;
  return {
    stravaConnected: true,
    trainingStartDate: connection.trainingStartDate,
    needsReconnect: connection.needsReconnect,
    lastSyncedAt: connection.lastSyncedAt?.toISOString() ?? null,
    publicDisplayConsent: connection.publicDisplayConsent,
  };
}
