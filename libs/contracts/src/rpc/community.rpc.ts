import { eventListResponseSchema, eventPageResponseSchema } from '../http/events.js';
import { COMMUNITY } from './community.patterns.js';
import {
  getEventBySlugQuerySchema,
  listEventsQuerySchema,
  resolveEventCommandSchema,
  resolvedEventSchema,
} from './community.requests.js';
import { rpcContract } from './rpc-contract.js';

/** Community's request-reply patterns: pattern → request → response. */
export const COMMUNITY_RPC = {
  [COMMUNITY.events.list]: rpcContract(listEventsQuerySchema, eventListResponseSchema),
  [COMMUNITY.events.getBySlug]: rpcContract(getEventBySlugQuerySchema, eventPageResponseSchema),
  [COMMUNITY.events.resolve]: rpcContract(resolveEventCommandSchema, resolvedEventSchema),
} as const;
