import { z } from 'zod';
import {
  closePledgesResponseSchema,
  confirmPledgeRequestSchema,
  createPledgeRequestSchema,
  managePledgesResponseSchema,
  pagePledgesResponseSchema,
  pledgeResponseSchema,
  pledgeTokenRequestSchema,
} from '../http/pledges.js';
import { successSchema } from '../http/success.js';
import { PLEDGE_DISTANCE_SOURCES, type PledgeLinkAction } from '../product/pledges.js';
import { calendarDate } from '../product/text.js';
import { rpcContract } from './rpc-contract.js';

/** Pledges per mile live in profiles; the distances they count come from fitness. */
export const PLEDGES = {
  create: 'profiles.pledge.create',
  confirm: 'profiles.pledge.confirm',
  listPublic: 'profiles.pledge.list-public',
  listOwn: 'profiles.pledge.list-own',
  close: 'profiles.pledge.close',
  markPaid: 'profiles.pledge.mark-paid',
  cancel: 'profiles.pledge.cancel',
  unsubscribe: 'profiles.pledge.unsubscribe',
  remove: 'profiles.pledge.remove',
} as const;

/** The pattern each link of a supporter's mails is forwarded to (all take `pledgeTokenCommandSchema`). */
export const PLEDGE_LINK_PATTERNS = {
  paid: PLEDGES.markPaid,
  cancel: PLEDGES.cancel,
  unsubscribe: PLEDGES.unsubscribe,
} as const satisfies Record<PledgeLinkAction, string>;

/**
 * fitness: a runner's running distance per day, in meters by source (services/fitness/src/distance-by-day):
 * only to seed profiles's run ledger once per runner (decision 0021); reads never ask it.
 */
export const FITNESS_DISTANCE = {
  byDay: 'fitness.distance.by-day',
} as const;

export const createPledgeCommandSchema = z.object({ runnerProfileId: z.uuid(), pledge: createPledgeRequestSchema });
export const pageOfPledgesQuerySchema = z.object({
  runnerProfileId: z.uuid(),
  userId: z.uuid().nullable(),
  // A caller that does not say (an older gateway during a deploy) reads the first page.
  page: z.number().int().min(1).default(1),
});
export const ownerPledgesCommandSchema = z.object({ runnerProfileId: z.uuid(), userId: z.uuid() });
export const ownerPledgesPageQuerySchema = ownerPledgesCommandSchema.extend({
  page: z.number().int().min(1).default(1),
});
/** DELETE /api/runner-profile/{id}/pledges/{pledgeId} (owner). */
export const removePledgeCommandSchema = ownerPledgesCommandSchema.extend({ pledgeId: z.uuid() });
export const pledgeTokenCommandSchema = z.object({ pledgeId: z.uuid(), request: pledgeTokenRequestSchema });

export const distanceByDayQuerySchema = z.object({
  userId: z.uuid(),
  from: calendarDate(),
  to: calendarDate(),
});
export type DistanceByDayQuery = z.infer<typeof distanceByDayQuerySchema>;
/** One day with runs: meters run that day by source (days without runs are left out), oldest first. */
export const distanceDaySchema = z.object({
  date: z.string(),
  meters: z.object(
    Object.fromEntries(PLEDGE_DISTANCE_SOURCES.map((s) => [s, z.number()])) as Record<
      (typeof PLEDGE_DISTANCE_SOURCES)[number],
      z.ZodNumber
    >,
  ),
});
export type DistanceDay = z.infer<typeof distanceDaySchema>;
/**
 * `version`: the runner's counter of `fitness.runs.changed` the days were read at, so profiles's
 * one-time seed of its ledger overwrites no day an event newer than the read already set.
 */
export const distanceByDayResponseSchema = z.object({
  days: z.array(distanceDaySchema),
  version: z.number().int().nonnegative(),
});
export type DistanceByDayResponse = z.infer<typeof distanceByDayResponseSchema>;

export const PLEDGES_RPC = {
  [PLEDGES.create]: rpcContract(createPledgeCommandSchema, pledgeResponseSchema),
  [PLEDGES.confirm]: rpcContract(confirmPledgeRequestSchema, pledgeResponseSchema),
  [PLEDGES.listPublic]: rpcContract(pageOfPledgesQuerySchema, pagePledgesResponseSchema),
  [PLEDGES.listOwn]: rpcContract(ownerPledgesPageQuerySchema, managePledgesResponseSchema),
  [PLEDGES.remove]: rpcContract(removePledgeCommandSchema, successSchema),
  [PLEDGES.close]: rpcContract(ownerPledgesCommandSchema, closePledgesResponseSchema),
  [PLEDGES.markPaid]: rpcContract(pledgeTokenCommandSchema, pledgeResponseSchema),
  [PLEDGES.cancel]: rpcContract(pledgeTokenCommandSchema, pledgeResponseSchema),
  [PLEDGES.unsubscribe]: rpcContract(pledgeTokenCommandSchema, successSchema),
  [FITNESS_DISTANCE.byDay]: rpcContract(distanceByDayQuerySchema, distanceByDayResponseSchema),
} as const;
