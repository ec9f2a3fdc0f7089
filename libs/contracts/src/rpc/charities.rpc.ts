import {
  charityDirectoryResponseSchema,
  charityMessageResponseSchema,
  charityPageResponseSchema,
  charityResponseSchema,
  charityRunnersResponseSchema,
  charityStaffResponseSchema,
} from '../http/charities.js';
import { successSchema } from '../http/success.js';
import { CHARITIES } from './charities.patterns.js';
import {
  charityCommandSchema,
  charityDirectoryCommandSchema,
  charityInvitationAcceptCommandSchema,
  charityInviteStaffCommandSchema,
  charityLookupQuerySchema,
  charityLookupResponseSchema,
  charityMessageCommandSchema,
  charityRemoveStaffCommandSchema,
  charityRunnersCommandSchema,
  charityTokenCommandSchema,
  charityVerificationCommandSchema,
  createCharityCommandSchema,
  getCharityBySlugQuerySchema,
  updateCharityCommandSchema,
} from './charities.requests.js';
import { rpcContract } from './rpc-contract.js';

/** Charities' request-reply patterns (answered by community): pattern → request → response. */
export const CHARITIES_RPC = {
  [CHARITIES.create]: rpcContract(createCharityCommandSchema, charityResponseSchema),
  [CHARITIES.update]: rpcContract(updateCharityCommandSchema, charityResponseSchema),
  [CHARITIES.directory]: rpcContract(charityDirectoryCommandSchema, charityDirectoryResponseSchema),
  [CHARITIES.getBySlug]: rpcContract(getCharityBySlugQuerySchema, charityPageResponseSchema),
  [CHARITIES.requestVerification]: rpcContract(charityVerificationCommandSchema, successSchema),
  [CHARITIES.verify]: rpcContract(charityTokenCommandSchema, charityResponseSchema),
  [CHARITIES.listStaff]: rpcContract(charityCommandSchema, charityStaffResponseSchema),
  [CHARITIES.inviteStaff]: rpcContract(charityInviteStaffCommandSchema, charityStaffResponseSchema),
  [CHARITIES.removeStaff]: rpcContract(charityRemoveStaffCommandSchema, charityStaffResponseSchema),
  [CHARITIES.acceptInvitation]: rpcContract(charityInvitationAcceptCommandSchema, charityResponseSchema),
  [CHARITIES.runners]: rpcContract(charityRunnersCommandSchema, charityRunnersResponseSchema),
  [CHARITIES.message]: rpcContract(charityMessageCommandSchema, charityMessageResponseSchema),
  [CHARITIES.lookup]: rpcContract(charityLookupQuerySchema, charityLookupResponseSchema),
} as const;
