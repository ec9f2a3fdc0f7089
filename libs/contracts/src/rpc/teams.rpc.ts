import {
  teamInviteResponseSchema,
  teamMemberResponseSchema,
  teamPageResponseSchema,
  teamResponseSchema,
} from '../http/teams.js';
import { rpcContract, rpcSuccessSchema } from './rpc-contract.js';
import { TEAMS } from './teams.patterns.js';
import {
  createTeamCommandSchema,
  getTeamBySlugQuerySchema,
  handOverTeamCommandSchema,
  joinTeamCommandSchema,
  ownedTeamCommandSchema,
  teamMemberCommandSchema,
  teamMembersCsvSchema,
  updateTeamCommandSchema,
} from './teams.requests.js';

/** Teams' request-reply patterns (answered by profiles): pattern → request → response. */
export const TEAMS_RPC = {
  [TEAMS.create]: rpcContract(createTeamCommandSchema, teamResponseSchema),
  [TEAMS.getBySlug]: rpcContract(getTeamBySlugQuerySchema, teamPageResponseSchema),
  [TEAMS.update]: rpcContract(updateTeamCommandSchema, teamResponseSchema),
  [TEAMS.delete]: rpcContract(ownedTeamCommandSchema, rpcSuccessSchema),
  [TEAMS.join]: rpcContract(joinTeamCommandSchema, teamMemberResponseSchema),
  [TEAMS.removeMember]: rpcContract(teamMemberCommandSchema, rpcSuccessSchema),
  [TEAMS.approve]: rpcContract(teamMemberCommandSchema, teamMemberResponseSchema),
  [TEAMS.handOver]: rpcContract(handOverTeamCommandSchema, teamResponseSchema),
  [TEAMS.getInvite]: rpcContract(ownedTeamCommandSchema, teamInviteResponseSchema),
  [TEAMS.rotateInvite]: rpcContract(ownedTeamCommandSchema, teamInviteResponseSchema),
  [TEAMS.membersCsv]: rpcContract(ownedTeamCommandSchema, teamMembersCsvSchema),
} as const;
