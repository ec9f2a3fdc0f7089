import { Injectable } from '@nestjs/common';
import type { FitnessProfile } from '@runpledge/contracts';
import { FitnessProfilesRepository } from './fitness-profiles.repository.js';

const NOT_SET_UP: FitnessProfile = {
  stravaConnected: false,
  trainingStartDate: null,
  needsReconnect: false,
  lastSyncedAt: null,
};

@Injectable()
export class FitnessProfilesService {
  constructor(private readonly profiles: FitnessProfilesRepository) {}

  /** A page with no training setup yet reads as not connected rather than missing. */
  async get(profileId: string): Promise<FitnessProfile> {
    const profile = await this.profiles.findByProfileId(profileId);
    if (!profile) return NOT_SET_UP;
    return {
      stravaConnected: profile.stravaConnected,
      trainingStartDate: profile.trainingStartDate,
      needsReconnect: profile.needsReconnect,
      lastSyncedAt: profile.lastSyncedAt?.toISOString() ?? null,
    };
  }
}
