import { z } from 'zod';
import {
  charityDirectoryQuerySchema,
  charityMessageRequestSchema,
  charityPageQuerySchema,
  charityRunnersQuerySchema,
  charityStaffRequestSchema,
  charityTokenRequestSchema,
  charityVerificationRequestSchema,
  createCharityRequestSchema,
  updateCharityRequestSchema,
} from '../http/charities.js';

// `userId` (and `email`) are always the signed-in caller as the gateway established them, never from a body.
const caller = { userId: z.uuid() };
const charity = { charityId: z.uuid() };

export const createCharityCommandSchema = z.object({
  ...caller,
  email: z.string(),
  charity: createCharityRequestSchema,
});
export const updateCharityCommandSchema = z.object({ ...caller, ...charity, changes: updateCharityRequestSchema });
/** Public: `viewerUserId` only says whether the caller is staff. */
export const charityDirectoryCommandSchema = z.object({
  viewerUserId: z.uuid().optional(),
  query: charityDirectoryQuerySchema,
});
export const getCharityBySlugQuerySchema = z.object({
  slug: z.string(),
  viewerUserId: z.uuid().optional(),
  query: charityPageQuerySchema,
});
export const charityVerificationCommandSchema = z.object({
  ...caller,
  ...charity,
  verification: charityVerificationRequestSchema,
});
export const charityTokenCommandSchema = z.object({
  viewerUserId: z.uuid().optional(),
  ...charityTokenRequestSchema.shape,
});
export const charityInvitationAcceptCommandSchema = z.object({
  ...caller,
  email: z.string(),
  ...charityTokenRequestSchema.shape,
});
export const charityCommandSchema = z.object({ ...caller, ...charity });
export const charityInviteStaffCommandSchema = z.object({ ...caller, ...charity, invite: charityStaffRequestSchema });
export const charityRemoveStaffCommandSchema = z.object({ ...caller, ...charity, staffUserId: z.uuid() });
export const charityRunnersCommandSchema = z.object({
  ...caller,
  ...charity,
  query: charityRunnersQuerySchema,
  /** The gateway's CSV export reads the same rows in larger pages. */
  pageSize: z.number().int().min(1).max(1000).optional(),
});
export const charityMessageCommandSchema = z.object({
  ...caller,
  email: z.string(),
  ...charity,
  message: charityMessageRequestSchema,
});
/** Profiles: the charity a page is to name. */
export const charityLookupQuerySchema = z.object({ charityId: z.uuid() });
export const charityLookupResponseSchema = z.object({
  charity: z.object({ id: z.uuid(), slug: z.string(), name: z.string(), verified: z.boolean() }).nullable(),
});
export type CharityLookupResponse = z.infer<typeof charityLookupResponseSchema>;
