import { RUNNER_PROFILE_NOT_FOUND } from '@runpledge/contracts';
import { ServiceException } from '@runpledge/server-kit';
import type { RunnerProfileEntity } from './runner-profile.entity.js';

/** The page when `userId` owns it: 404 when it does not exist, 403 for anyone else. */
export function ownedOrThrow(profile: RunnerProfileEntity | null, userId: string): RunnerProfileEntity {
  if (!profile) throw ServiceException.notFound(RUNNER_PROFILE_NOT_FOUND);
  if (profile.userId !== userId) throw ServiceException.forbidden();
  return profile;
}
