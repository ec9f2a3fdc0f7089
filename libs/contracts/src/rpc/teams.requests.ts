import { z } from 'zod';
import {
  createTeamRequestSchema,
  handOverTeamRequestSchema,
  joinTeamRequestSchema,
  teamPageQuerySchema,
  updateTeamRequestSchema,
} from '../http/teams.js';

// `userId` is always the signed-in caller as the gateway established it, never from a body.
const caller = { userId: z.uuid() };
const team = { teamId: z.uuid() };

export const createTeamCommandSchema = z.object({ ...caller, team: createTeamRequestSchema });
/** Public: `viewerUserId` only says whether the caller is the captain. */
export const getTeamBySlugQuerySchema = z.object({
  slug: z.string(),
  viewerUserId: z.uuid().optional(),
  query: teamPageQuerySchema,
});
export const updateTeamCommandSchema = z.object({ ...caller, ...team, changes: updateTeamRequestSchema });
export const ownedTeamCommandSchema = z.object({ ...caller, ...team });
export const joinTeamCommandSchema = z.object({ ...caller, ...team, join: joinTeamRequestSchema });
export const teamMemberCommandSchema = z.object({ ...caller, ...team, runnerProfileId: z.uuid() });
export const handOverTeamCommandSchema = z.object({ ...caller, ...team, handOver: handOverTeamRequestSchema });

/** What community answers the gateway beside the HTTP body: the pages whose cached views change. */
export const teamPagesTouchedSchema = z.array(z.object({ slug: z.string(), profileId: z.uuid() }));
/** The members CSV: the body as text. */
export const teamMembersCsvSchema = z.object({ csv: z.string(), slug: z.string() });
export type TeamMembersCsv = z.infer<typeof teamMembersCsvSchema>;
