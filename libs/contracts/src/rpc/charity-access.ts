import { z } from 'zod';
import { rpcContract } from './rpc-contract.js';

/**
 * What community tells another service of a person's rights over a charity: billing asks it before
 * selling or giving a charity's runner places (decision 0024), since staff and the pages naming a
 * charity are community's.
 */
export const CHARITY_ACCESS = {
  access: 'community.charities.access',
} as const;

export const charityAccessQuerySchema = z.object({
  charityId: z.uuid(),
  userId: z.uuid(),
  /** Also tell whose this page is and whether it names the charity. */
  runnerProfileId: z.uuid().optional(),
});
export type CharityAccessQuery = z.infer<typeof charityAccessQuerySchema>;

export const charityAccessResponseSchema = z.object({
  /** The person's role on the charity's staff, or null (also for a charity that does not exist). */
  role: z.enum(['admin', 'staff']).nullable(),
  /** The page asked about (null when none was asked, or it does not exist): its owner, and whether it names the charity. */
  page: z.object({ userId: z.uuid(), namesCharity: z.boolean() }).nullable(),
});
export type CharityAccessResponse = z.infer<typeof charityAccessResponseSchema>;

export const CHARITY_ACCESS_RPC = {
  [CHARITY_ACCESS.access]: rpcContract(charityAccessQuerySchema, charityAccessResponseSchema),
} as const;
