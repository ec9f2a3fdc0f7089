import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put, Query, Req, Res } from '@nestjs/common';
import {
  TEAMS,
  TEAM_MEMBER_NOT_FOUND,
  TEAM_NOT_FOUND,
  createTeamRequestSchema,
  handOverTeamRequestSchema,
  joinTeamRequestSchema,
  teamPageQuerySchema,
  updateTeamRequestSchema,
  type SessionUser,
  type TeamInviteResponse,
  type TeamMemberResponse,
  type TeamPageResponse,
  type TeamResponse,
} from '@runpledge/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Public } from '../../common/public.decorator.js';
import { parseOrThrow } from '../../common/validation.js';
import { CurrentUser } from '../../identity/current-user.decorator.js';
import { RateLimitService } from '../../identity/rate-limit.service.js';
import { NatsRpcClient } from '../../nats/nats-rpc.client.js';
import { idOr404 } from '../../profiles/route-ids.js';
import { PublicTeamViews } from './public-team-views.js';

/**
 * Charity teams (API.md "Teams"). Community owns them and checks who is captain or owner; the pages
 * naming a team are profiles' (it hears community's events and drops their cached views).
 */
@Controller('teams')
export class TeamsController {
  constructor(
    private readonly rpc: NatsRpcClient,
    private readonly rateLimits: RateLimitService,
    private readonly views: PublicTeamViews,
  ) {}

  @Post()
  create(@CurrentUser() user: SessionUser, @Body() body: unknown): Promise<TeamResponse> {
    const team = parseOrThrow(createTeamRequestSchema, body);
    return this.views.write(TEAMS.create, { userId: user.id, team });
  }

  /** Public: anyone with the address; per-IP budget so addresses cannot be swept. */
  @Public()
  @Get(':slug')
  async get(
    @CurrentUser() user: SessionUser | undefined,
    @Param('slug') slug: string,
    @Query() query: unknown,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<TeamPageResponse> {
    await this.rateLimits.consumeTeamRead(request.ip, reply);
    const parsed = parseOrThrow(teamPageQuerySchema, query);
    // Addresses are case-insensitive, as a runner page's; one no team could have is simply not found.
    return this.views.bySlug(slug, user?.id, parsed);
  }

  @Put(':id')
  update(@CurrentUser() user: SessionUser, @Param('id') id: string, @Body() body: unknown): Promise<TeamResponse> {
    const teamId = idOr404(id, TEAM_NOT_FOUND);
    const changes = parseOrThrow(updateTeamRequestSchema, body);
    return this.views.write(TEAMS.update, { userId: user.id, teamId, changes });
  }

  @Delete(':id')
  delete(@CurrentUser() user: SessionUser, @Param('id') id: string): Promise<{ success: true }> {
    return this.views.write(TEAMS.delete, { userId: user.id, teamId: idOr404(id, TEAM_NOT_FOUND) });
  }

  /** An invite code can be guessed: joins are budgeted per user and per IP. */
  @Post(':id/members')
  async join(
    @CurrentUser() user: SessionUser,
    @Param('id') id: string,
    @Body() body: unknown,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<TeamMemberResponse> {
    const teamId = idOr404(id, TEAM_NOT_FOUND);
    const join = parseOrThrow(joinTeamRequestSchema, body);
    await this.rateLimits.consumeTeamJoin(user.id, request.ip, reply);
    return this.views.write(TEAMS.join, { userId: user.id, teamId, join });
  }

  @Delete(':id/members/:runnerProfileId')
  removeMember(
    @CurrentUser() user: SessionUser,
    @Param('id') id: string,
    @Param('runnerProfileId') profileId: string,
  ): Promise<{ success: true }> {
    return this.views.write(TEAMS.removeMember, {
      userId: user.id,
      teamId: idOr404(id, TEAM_NOT_FOUND),
      runnerProfileId: idOr404(profileId, TEAM_MEMBER_NOT_FOUND),
    });
  }

  @Post(':id/members/:runnerProfileId/approve')
  @HttpCode(200)
  approve(
    @CurrentUser() user: SessionUser,
    @Param('id') id: string,
    @Param('runnerProfileId') profileId: string,
  ): Promise<TeamMemberResponse> {
    return this.views.write(TEAMS.approve, {
      userId: user.id,
      teamId: idOr404(id, TEAM_NOT_FOUND),
      runnerProfileId: idOr404(profileId, TEAM_MEMBER_NOT_FOUND),
    });
  }

  @Post(':id/captain')
  @HttpCode(200)
  handOver(@CurrentUser() user: SessionUser, @Param('id') id: string, @Body() body: unknown): Promise<TeamResponse> {
    const teamId = idOr404(id, TEAM_NOT_FOUND);
    const handOver = parseOrThrow(handOverTeamRequestSchema, body);
    return this.views.write(TEAMS.handOver, { userId: user.id, teamId, handOver });
  }

  @Get(':id/invite')
  invite(@CurrentUser() user: SessionUser, @Param('id') id: string): Promise<TeamInviteResponse> {
    return this.rpc.call(TEAMS.getInvite, { userId: user.id, teamId: idOr404(id, TEAM_NOT_FOUND) });
  }

  @Post(':id/invite')
  @HttpCode(200)
  rotateInvite(@CurrentUser() user: SessionUser, @Param('id') id: string): Promise<TeamInviteResponse> {
    return this.rpc.call(TEAMS.rotateInvite, { userId: user.id, teamId: idOr404(id, TEAM_NOT_FOUND) });
  }

  @Get(':id/members.csv')
  async membersCsv(
    @CurrentUser() user: SessionUser,
    @Param('id') id: string,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<string> {
    const { csv, slug } = await this.rpc.call(TEAMS.membersCsv, {
      userId: user.id,
      teamId: idOr404(id, TEAM_NOT_FOUND),
    });
    void reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${slug}-members.csv"`)
      .header('cache-control', 'no-store');
    return csv;
  }
}
