import { z } from 'zod';
import { profileSchema } from '../http/profiles.js';
import {
  confirmFollowerRequestSchema,
  followRequestSchema,
  followResponseSchema,
  setRaceResultRequestSchema,
  thankYouRequestSchema,
  thankYouResponseSchema,
} from '../http/race-day.js';
import { successSchema } from '../http/success.js';
import { rpcContract } from './rpc-contract.js';

/** Race day lives in profiles: a page's race result, its followers and the runner's thank-you. */
export const RACE_DAY = {
  setResult: 'profiles.race-result.set',
  follow: 'profiles.follower.create',
  confirmFollower: 'profiles.follower.confirm',
  thankYou: 'profiles.thank-you.send',
} as const;

export const setRaceResultCommandSchema = z.object({
  runnerProfileId: z.uuid(),
  userId: z.uuid(),
  result: setRaceResultRequestSchema,
});
export const followCommandSchema = z.object({ runnerProfileId: z.uuid(), follower: followRequestSchema });
export const thankYouCommandSchema = z.object({
  runnerProfileId: z.uuid(),
  userId: z.uuid(),
  thankYou: thankYouRequestSchema,
});

export const RACE_DAY_RPC = {
  [RACE_DAY.setResult]: rpcContract(setRaceResultCommandSchema, profileSchema),
  [RACE_DAY.follow]: rpcContract(followCommandSchema, followResponseSchema),
  [RACE_DAY.confirmFollower]: rpcContract(confirmFollowerRequestSchema, successSchema),
  [RACE_DAY.thankYou]: rpcContract(thankYouCommandSchema, thankYouResponseSchema),
} as const;
