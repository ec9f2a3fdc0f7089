import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import {
  TEAMS,
  createTeamCommandSchema,
  getTeamBySlugQuerySchema,
  handOverTeamCommandSchema,
  joinTeamCommandSchema,
  ownedTeamCommandSchema,
  teamMemberCommandSchema,
  updateTeamCommandSchema,
  type TeamInviteResponse,
  type TeamMemberResponse,
  type TeamMembersCsv,
  type TeamPageResponse,
  type TeamResponse,
} from '@runpledge/contracts';
import { RpcHandler } from '@runpledge/server-kit';
import { TeamsService } from './teams.service.js';

@Controller()
export class TeamsController {
  constructor(private readonly teams: TeamsService) {}

  @RpcHandler(TEAMS.create)
  create(@Payload() payload: unknown): Promise<TeamResponse> {
    const { userId, team } = createTeamCommandSchema.parse(payload);
    return this.teams.create(userId, team);
  }

  @RpcHandler(TEAMS.getBySlug)
  getBySlug(@Payload() payload: unknown): Promise<TeamPageResponse> {
    const { slug, viewerUserId, query } = getTeamBySlugQuerySchema.parse(payload);
    return this.teams.getBySlug(slug, viewerUserId, query);
  }

  @RpcHandler(TEAMS.update)
  update(@Payload() payload: unknown): Promise<TeamResponse> {
    const { userId, teamId, changes } = updateTeamCommandSchema.parse(payload);
    return this.teams.update(userId, teamId, changes);
  }

  @RpcHandler(TEAMS.delete)
  delete(@Payload() payload: unknown): Promise<{ success: true }> {
    const { userId, teamId } = ownedTeamCommandSchema.parse(payload);
    return this.teams.delete(userId, teamId);
  }

  @RpcHandler(TEAMS.join)
  join(@Payload() payload: unknown): Promise<TeamMemberResponse> {
    const { userId, teamId, join } = joinTeamCommandSchema.parse(payload);
    return this.teams.join(userId, teamId, join);
  }

  @RpcHandler(TEAMS.removeMember)
  removeMember(@Payload() payload: unknown): Promise<{ success: true }> {
    const { userId, teamId, runnerProfileId } = teamMemberCommandSchema.parse(payload);
    return this.teams.removeMember(userId, teamId, runnerProfileId);
  }

  @RpcHandler(TEAMS.approve)
  approve(@Payload() payload: unknown): Promise<TeamMemberResponse> {
    const { userId, teamId, runnerProfileId } = teamMemberCommandSchema.parse(payload);
    return this.teams.approve(userId, teamId, runnerProfileId);
  }

  @RpcHandler(TEAMS.handOver)
  handOver(@Payload() payload: unknown): Promise<TeamResponse> {
    const { userId, teamId, handOver } = handOverTeamCommandSchema.parse(payload);
    return this.teams.handOver(userId, teamId, handOver);
  }

  @RpcHandler(TEAMS.getInvite)
  getInvite(@Payload() payload: unknown): Promise<TeamInviteResponse> {
    const { userId, teamId } = ownedTeamCommandSchema.parse(payload);
    return this.teams.invite(userId, teamId, false);
  }

  @RpcHandler(TEAMS.rotateInvite)
  rotateInvite(@Payload() payload: unknown): Promise<TeamInviteResponse> {
    const { userId, teamId } = ownedTeamCommandSchema.parse(payload);
    return this.teams.invite(userId, teamId, true);
  }

  @RpcHandler(TEAMS.membersCsv)
  membersCsv(@Payload() payload: unknown): Promise<TeamMembersCsv> {
    const { userId, teamId } = ownedTeamCommandSchema.parse(payload);
    return this.teams.membersCsv(userId, teamId);
  }
}
