import { Injectable } from '@nestjs/common';
import {
  PAGE_ALREADY_IN_TEAM,
  RUNNER_PROFILE_NOT_FOUND,
  TEAM_CAPTAIN_MUST_HAND_OVER,
  TEAM_INVITE_INVALID,
  TEAM_LIMITS,
  TEAM_MEMBER_NOT_FOUND,
  TEAM_NEW_CAPTAIN_NOT_MEMBER,
  TEAM_NOT_FOUND,
  TEAM_ONLY_CAPTAIN,
  TEAM_PAGE_NOT_PUBLISHED,
  TEAM_SLUG_TAKEN,
  hasAccess,
  teamCurrencyMessage,
  type CreateTeamRequest,
  type HandOverTeamRequest,
  type JoinTeamRequest,
  type SubscriptionStatus,
  type TeamInviteResponse,
  type TeamMemberResponse,
  type TeamPageQuery,
  type TeamPageResponse,
  type TeamResponse,
  type TeamMembersCsv,
  type UpdateTeamRequest,
} from '@runpledge/contracts';
import { assertLiveAccount, DomainEvents, ServiceException, toCsv } from '@runpledge/server-kit';
import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { EntityManager } from 'typeorm';
import { env } from '../config/env.js';
import { ProfileCacheNotifier } from '../profile-cache/profile-cache.notifier.js';
import { TeamMailQueue } from './team-mail.queue.js';
import { TeamsRepository, type TeamRow } from './teams.repository.js';
import { toMember, toTeam, viewedByCaptain } from './to-team.util.js';

/** PostgreSQL's unique_violation: a concurrent writer took the key first. */
function isUniqueViolation(err: unknown): boolean {
  const failure = err as { code?: unknown; driverError?: { code?: unknown } };
  return (failure.driverError?.code ?? failure.code) === '23505';
}

function newInviteCode(): string {
  return randomBytes(TEAM_LIMITS.inviteCodeBytes).toString('base64url');
}

function sameCode(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** The team rules (API.md "Teams"): the captain's powers, who may join and how, one team per page. */
@Injectable()
export class TeamsService {
  constructor(
    private readonly teams: TeamsRepository,
    private readonly events: DomainEvents,
    private readonly cache: ProfileCacheNotifier,
    private readonly mails: TeamMailQueue,
  ) {}

  async create(userId: string, request: CreateTeamRequest): Promise<TeamResponse> {
    const { captainProfileId, ...fields } = request;
    const team = await this.events.transaction(async (manager) => {
      await assertLiveAccount(manager, userId);
      const page = await this.joinablePage(manager, userId, captainProfileId, fields.currency);
      const teamId = await this.teams.insertIfSlugFree(manager, {
        ...fields,
        goalAmount: String(fields.goalAmount),
        captainProfileId,
        inviteCode: newInviteCode(),
      });
      if (!teamId) throw ServiceException.conflict(TEAM_SLUG_TAKEN);
      await this.addMember(manager, { id: teamId, currency: fields.currency }, page, 'member');
      return (await this.teams.findById(manager, teamId))!;
    });
    return { team: toTeam(team, userId) };
  }

  async getBySlug(slug: string, viewerUserId: string | undefined, query: TeamPageQuery): Promise<TeamPageResponse> {
    const team = await this.teams.findBySlug(slug);
    if (!team) throw ServiceException.notFound(TEAM_NOT_FOUND);
    const size = TEAM_LIMITS.membersPageSize;
    const rows = await this.teams.listPublicMembers(team.id, query.by, (query.page - 1) * size, size);
    // The captain also sees the requests waiting on them, after the first page's ranked members.
    const pending =
      viewedByCaptain(team, viewerUserId) && query.page === 1 ? await this.teams.listPendingMembers(team.id) : [];
    return {
      team: toTeam(team, viewerUserId),
      members: [...rows, ...pending].map((row) => toMember(row, team.captainProfileId)),
      page: query.page,
      totalPages: Math.max(1, Math.ceil(team.memberCount / size)),
    };
  }

  async update(userId: string, teamId: string, changes: UpdateTeamRequest): Promise<TeamResponse> {
    const team = await this.events.transaction(async (manager) => {
      const current = await this.lockAsCaptain(manager, teamId, userId);
      const { goalAmount, ...rest } = changes;
      try {
        await this.teams.update(manager, teamId, {
          ...rest,
          ...(goalAmount !== undefined ? { goalAmount: String(goalAmount) } : {}),
        });
      } catch (err) {
        if (isUniqueViolation(err)) throw ServiceException.conflict(TEAM_SLUG_TAKEN);
        throw err;
      }
      if (changes.currency !== undefined && changes.currency !== current.currency)
        await this.teams.recountRaised(manager, teamId);
      // The pages show the team's address and name.
      if ((changes.slug && changes.slug !== current.slug) || (changes.name && changes.name !== current.name))
        await this.dropMemberPages(manager, teamId);
      return (await this.teams.findById(manager, teamId))!;
    });
    return { team: toTeam(team, userId) };
  }

  async delete(userId: string, teamId: string): Promise<{ success: true }> {
    await this.events.transaction(async (manager) => {
      await this.lockAsCaptain(manager, teamId, userId);
      const pages = await this.teams.delete(manager, teamId);
      this.cache.afterCommit(
        manager,
        pages.map((p) => ({ slug: p.urlSlug, profileId: p.id })),
      );
    });
    return { success: true };
  }

  /**
   * Open teams take the page at once; approval teams take a request, or a member at once with the
   * captain's invite code. The page's key in team_members keeps it in one team at most, also when
   * two joins race.
   */
  async join(userId: string, teamId: string, request: JoinTeamRequest): Promise<TeamMemberResponse> {
    const row = await this.events.transaction(async (manager) => {
      await assertLiveAccount(manager, userId);
      const pagePeek = await this.teams.pageForJoin(manager, request.runnerProfileId);
      if (!pagePeek) throw ServiceException.notFound(RUNNER_PROFILE_NOT_FOUND);
      if (pagePeek.userId !== userId) throw ServiceException.forbidden();
      const team = await this.teams.lockById(manager, teamId);
      if (!team) throw ServiceException.notFound(TEAM_NOT_FOUND);
      const page = await this.joinablePage(manager, userId, request.runnerProfileId, team.currency);
      let status: 'member' | 'pending' = 'member';
      if (team.joinRule === 'approval') {
        const code = request.inviteCode ?? null;
        if (code && !sameCode(code, team.inviteCode)) throw ServiceException.badRequest(TEAM_INVITE_INVALID);
        status = code ? 'member' : 'pending';
      }
      await this.addMember(manager, team, page, status);
      // A runner's first request of the day mails the captain; joining again the same day waits for the digest.
      if (status === 'pending' && (await this.teams.claimRequestMail(manager, teamId, userId)))
        await this.mails.recordJoinRequest(manager, teamId, page.id);
      else await this.mails.recordDigest(manager, teamId);
      return this.listed(manager, team, page.id);
    });
    this.mails.relay.kick();
    return { member: row };
  }

  async removeMember(userId: string, teamId: string, runnerProfileId: string): Promise<{ success: true }> {
    await this.events.transaction(async (manager) => {
      const team = await this.teams.lockById(manager, teamId);
      if (!team) throw ServiceException.notFound(TEAM_NOT_FOUND);
      const member = await this.teams.findMember(manager, runnerProfileId);
      if (!member || member.teamId !== teamId) throw ServiceException.notFound(TEAM_MEMBER_NOT_FOUND);
      if (member.userId !== userId && team.captainUserId !== userId)
        throw ServiceException.forbidden(TEAM_ONLY_CAPTAIN);
      if (runnerProfileId === team.captainProfileId) throw ServiceException.badRequest(TEAM_CAPTAIN_MUST_HAND_OVER);
      await this.teams.removeMember(manager, runnerProfileId);
      await this.dropPage(manager, runnerProfileId);
    });
    return { success: true };
  }

  async approve(userId: string, teamId: string, runnerProfileId: string): Promise<TeamMemberResponse> {
    const row = await this.events.transaction(async (manager) => {
      const team = await this.lockAsCaptain(manager, teamId, userId);
      const member = await this.teams.findMember(manager, runnerProfileId);
      if (!member || member.teamId !== teamId) throw ServiceException.notFound(TEAM_MEMBER_NOT_FOUND);
      if (member.status === 'pending') {
        await this.teams.changeMember(manager, runnerProfileId, (m) =>
          m.status === 'pending' ? { status: 'member', joinedAt: new Date() } : null,
        );
        await this.dropPage(manager, runnerProfileId);
        await this.mails.recordDigest(manager, teamId);
      }
      return this.listed(manager, team, runnerProfileId);
    });
    this.mails.relay.kick();
    return { member: row };
  }

  /** The team's row is locked: of two hand-overs at once, the second finds the caller no longer captain. */
  async handOver(userId: string, teamId: string, request: HandOverTeamRequest): Promise<TeamResponse> {
    const team = await this.events.transaction(async (manager) => {
      await this.lockAsCaptain(manager, teamId, userId);
      const member = await this.teams.findMember(manager, request.runnerProfileId);
      if (!member || member.teamId !== teamId || member.status !== 'member')
        throw ServiceException.badRequest(TEAM_NEW_CAPTAIN_NOT_MEMBER);
      await this.teams.setCaptain(manager, teamId, request.runnerProfileId);
      return (await this.teams.findById(manager, teamId))!;
    });
    return { team: toTeam(team, userId) };
  }

  async invite(userId: string, teamId: string, rotate: boolean): Promise<TeamInviteResponse> {
    const team = await this.events.transaction(async (manager) => {
      const current = await this.lockAsCaptain(manager, teamId, userId);
      if (!rotate) return current;
      const inviteCode = newInviteCode();
      await this.teams.setInviteCode(manager, teamId, inviteCode);
      return { ...current, inviteCode };
    });
    const url = new URL(`/teams/${team.slug}`, env.PUBLIC_URL);
    url.searchParams.set('invite', team.inviteCode);
    return { code: team.inviteCode, url: url.toString() };
  }

  /** Every member and request (status says which), for the captain only. */
  async membersCsv(userId: string, teamId: string): Promise<TeamMembersCsv> {
    const team = await this.teams.findById(null, teamId);
    if (!team) throw ServiceException.notFound(TEAM_NOT_FOUND);
    if (team.captainUserId !== userId) throw ServiceException.forbidden(TEAM_ONLY_CAPTAIN);
    const rows = await this.teams.listAllMembers(teamId);
    const pageAddress = (slug: string) => new URL(`/${slug}`, env.PUBLIC_URL).toString();
    const csv = toCsv(
      ['name', 'page address', 'raised', 'currency', 'donors', 'miles', 'status', 'joined'],
      rows.map((row) => {
        const member = toMember(row, team.captainProfileId);
        return [
          member.name,
          pageAddress(member.pageSlug),
          member.raised,
          member.currency,
          member.donors,
          member.miles,
          row.published ? member.status : `${member.status} (unpublished)`,
          member.joinedAt,
        ];
      }),
    );
    return { csv, slug: team.slug };
  }

  private async lockAsCaptain(manager: EntityManager, teamId: string, userId: string): Promise<TeamRow> {
    const team = await this.teams.lockById(manager, teamId);
    if (!team) throw ServiceException.notFound(TEAM_NOT_FOUND);
    if (team.captainUserId !== userId) throw ServiceException.forbidden(TEAM_ONLY_CAPTAIN);
    return team;
  }

  /** The caller's page, published, in the team's currency, in no team yet (checked in that order). */
  private async joinablePage(manager: EntityManager, userId: string, profileId: string, currency: string) {
    const page = await this.teams.pageForJoin(manager, profileId);
    if (!page) throw ServiceException.notFound(RUNNER_PROFILE_NOT_FOUND);
    if (page.userId !== userId) throw ServiceException.forbidden();
    if (await this.teams.findMember(manager, profileId)) throw ServiceException.conflict(PAGE_ALREADY_IN_TEAM);
    const published =
      page.accessStatus !== null &&
      hasAccess(page.accessStatus as SubscriptionStatus, page.accessPeriodEnd ? new Date(page.accessPeriodEnd) : null);
    if (!published) throw ServiceException.badRequest(TEAM_PAGE_NOT_PUBLISHED);
    if (page.fundraisingCurrency !== currency) throw ServiceException.badRequest(teamCurrencyMessage(currency));
    return page;
  }

  private async addMember(
    manager: EntityManager,
    team: { id: string; currency: string },
    page: NonNullable<Awaited<ReturnType<TeamsRepository['pageForJoin']>>>,
    status: 'member' | 'pending',
  ): Promise<void> {
    const distance = await this.teams.distanceOf(manager, page.userId);
    try {
      await this.teams.insertMember(manager, team, {
        runnerProfileId: page.id,
        userId: page.userId,
        status,
        joinedAt: new Date(),
        published: true,
        raised: page.fundsRaised,
        donors: page.totalDonors,
        currency: page.fundraisingCurrency,
        totalsVersion: page.totalsVersion,
        meters: distance.totalMeters,
        distanceVersion: distance.version,
      });
    } catch (err) {
      if (isUniqueViolation(err)) throw ServiceException.conflict(PAGE_ALREADY_IN_TEAM);
      throw err;
    }
    if (status === 'member') await this.dropPage(manager, page.id);
  }

  private async listed(manager: EntityManager, team: TeamRow, profileId: string) {
    const member = await this.teams.findMember(manager, profileId);
    const pages: { urlSlug: string; name: string; goal: string }[] = await manager.query(
      `SELECT url_slug AS "urlSlug", name, fundraising_goal AS goal FROM "profiles"."runner_profiles" WHERE id = $1`,
      [profileId],
    );
    const page = pages[0]!;
    return toMember(
      { ...member!, pageSlug: page.urlSlug, name: page.name, pageGoal: page.goal },
      team.captainProfileId,
    );
  }

  /** The page's cached view names its team: dropped once this commits. */
  private async dropPage(manager: EntityManager, profileId: string): Promise<void> {
    const rows: { urlSlug: string }[] = await manager.query(
      `SELECT url_slug AS "urlSlug" FROM "profiles"."runner_profiles" WHERE id = $1`,
      [profileId],
    );
    if (rows[0]) this.cache.afterCommit(manager, [{ slug: rows[0].urlSlug, profileId }]);
  }

  private async dropMemberPages(manager: EntityManager, teamId: string): Promise<void> {
    const rows: { id: string; urlSlug: string }[] = await manager.query(
      `SELECT p.id, p.url_slug AS "urlSlug" FROM "profiles"."team_members" m
         JOIN "profiles"."runner_profiles" p ON p.id = m.runner_profile_id
        WHERE m.team_id = $1 AND m.status = 'member'`,
      [teamId],
    );
    this.cache.afterCommit(
      manager,
      rows.map((r) => ({ slug: r.urlSlug, profileId: r.id })),
    );
  }
}
