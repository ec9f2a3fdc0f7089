import { Injectable } from '@nestjs/common';
import {
  CHARITY_NOT_LISTED,
  COMMUNITY_EVENTS,
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
  TEAM_PAGE_TOTALS_UNREAD,
  TEAM_SLUG_TAKEN,
  hasAccess,
  teamCurrencyMessage,
  type CreateTeamRequest,
  type HandOverTeamRequest,
  type JoinTeamRequest,
  type TeamInviteResponse,
  type TeamMemberResponse,
  type TeamMembersCsv,
  type TeamPageQuery,
  type TeamPageResponse,
  type TeamResponse,
  type UpdateTeamRequest,
} from '@runpledge/contracts';
import { assertLiveAccount, DomainEvents, ServiceException, toCsv } from '@runpledge/server-kit';
import { randomBytes, timingSafeEqual } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { DataSource, type EntityManager } from 'typeorm';
import { CharitiesRepository } from '../charities/charities.repository.js';
import { env } from '../config/env.js';
import { OwnerAccessRepository } from '../pages/owner-access.repository.js';
import type { PageEntity } from '../pages/page.entity.js';
import { PagesRepository } from '../pages/pages.repository.js';
import { RunnerDistancesRepository } from '../pages/runner-distances.repository.js';
import type { GroupRef } from '../standings/group-kind.js';
import { StandingMembersRepository, type MemberRow } from '../standings/standing-members.repository.js';
import { StandingsRepository } from '../standings/standings.repository.js';
import { StandingsService } from '../standings/standings.service.js';
import { TeamMailQueue } from './team-mail.queue.js';
import { TeamMemberNoticesRepository } from './team-member-notices.repository.js';
import { TeamRequestMailsRepository } from './team-request-mails.repository.js';
import type { TeamEntity } from './team.entity.js';
import { TeamsRepository } from './teams.repository.js';
import { toMember, toTeam, viewedByCaptain, type TeamRow } from './to-team.util.js';

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

export const teamGroup = (id: string): GroupRef => ({ kind: 'team', id });

/**
 * How long a join or a new team waits for community's copy of the page (fed by profiles' and
 * billing's events) when it is not there or not published yet: a page made a moment ago. Well inside
 * the gateway's 5 s deadline, so the caller hears community's answer (never a 504 with the team made
 * after it).
 */
const PAGE_COPY_WAIT_MS = 4_000;

/** The team rules (API.md "Teams"): the captain's powers, who may join and how, one team per page. */
@Injectable()
export class TeamsService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly teams: TeamsRepository,
    private readonly charities: CharitiesRepository,
    private readonly pages: PagesRepository,
    private readonly access: OwnerAccessRepository,
    private readonly distances: RunnerDistancesRepository,
    private readonly sums: StandingsRepository,
    private readonly members: StandingMembersRepository,
    private readonly standings: StandingsService,
    private readonly notices: TeamMemberNoticesRepository,
    private readonly requestMails: TeamRequestMailsRepository,
    private readonly events: DomainEvents,
    private readonly mails: TeamMailQueue,
  ) {}

  async create(userId: string, request: CreateTeamRequest): Promise<TeamResponse> {
    const { captainProfileId, ...fields } = request;
    await this.awaitPageCopy(captainProfileId);
    const team = await this.events.transaction(async (manager) => {
      await assertLiveAccount(manager, userId);
      const page = await this.joinablePage(manager, userId, captainProfileId, fields.currency);
      const charity = await this.charityNamed(manager, fields.charityId ?? null, fields.charityName);
      const teamId = await this.teams.insertIfSlugFree(manager, {
        ...fields,
        ...charity,
        story: fields.story ?? '',
        goalAmount: String(fields.goalAmount),
        captainProfileId,
        inviteCode: newInviteCode(),
      });
      if (!teamId) throw ServiceException.conflict(TEAM_SLUG_TAKEN);
      await this.standings.open(manager, teamGroup(teamId), fields.currency);
      const row = (await this.teams.findById(manager, teamId))!;
      await this.addMember(manager, row, page, 'member');
      return this.view(manager, row);
    });
    return { team: toTeam(team, userId) };
  }

  async getBySlug(slug: string, viewerUserId: string | undefined, query: TeamPageQuery): Promise<TeamPageResponse> {
    const manager = this.dataSource.manager;
    const row = await this.teams.findBySlug(manager, slug);
    if (!row) throw ServiceException.notFound(TEAM_NOT_FOUND);
    const team = await this.view(manager, row);
    const size = TEAM_LIMITS.membersPageSize;
    const group = teamGroup(team.id);
    const ranked = await this.members.listRanked(manager, group, query.by, (query.page - 1) * size, size);
    // The captain also sees the requests waiting on them, after the first page's ranked members.
    const pending =
      viewedByCaptain(team, viewerUserId) && query.page === 1 ? await this.members.listPending(manager, group) : [];
    return {
      team: toTeam(team, viewerUserId),
      members: [...ranked, ...pending].map((m) => toMember(m, team.captainProfileId)),
      page: query.page,
      totalPages: Math.max(1, Math.ceil(team.memberCount / size)),
    };
  }

  async update(userId: string, teamId: string, changes: UpdateTeamRequest): Promise<TeamResponse> {
    const team = await this.events.transaction(async (manager) => {
      const current = await this.lockAsCaptain(manager, teamId, userId);
      const { goalAmount, charityId, ...rest } = changes;
      const charity =
        charityId !== undefined
          ? await this.charityNamed(manager, charityId, rest.charityName ?? current.charityName)
          : // A team naming a listed charity keeps its name whatever is typed.
            current.charityId !== null
            ? { charityName: undefined }
            : {};
      try {
        await this.teams.update(manager, teamId, {
          ...rest,
          ...charity,
          ...(goalAmount !== undefined ? { goalAmount: String(goalAmount) } : {}),
        });
      } catch (err) {
        if (isUniqueViolation(err)) throw ServiceException.conflict(TEAM_SLUG_TAKEN);
        throw err;
      }
      if (changes.currency !== undefined && changes.currency !== current.currency)
        await this.standings.changeCurrency(manager, teamGroup(teamId), changes.currency);
      const row = (await this.teams.findById(manager, teamId))!;
      // The pages show the team's address and name.
      if (row.slug !== current.slug || row.name !== current.name) await this.announceAll(manager, row);
      return this.view(manager, row);
    });
    return { team: toTeam(team, userId) };
  }

  async delete(userId: string, teamId: string): Promise<{ success: true }> {
    await this.events.transaction(async (manager) => {
      await this.lockAsCaptain(manager, teamId, userId);
      await this.deleteLocked(manager, teamId);
    });
    return { success: true };
  }

  /**
   * Open teams take the page at once; approval teams take a request, or a member at once with the
   * captain's invite code. The page's key in standing_members keeps it in one team at most, also when
   * two joins race.
   */
  async join(userId: string, teamId: string, request: JoinTeamRequest): Promise<TeamMemberResponse> {
    await this.awaitPageCopy(request.runnerProfileId);
    const member = await this.events.transaction(async (manager) => {
      await assertLiveAccount(manager, userId);
      const pagePeek = await this.pages.findLive(manager, request.runnerProfileId);
      if (!pagePeek) throw ServiceException.notFound(RUNNER_PROFILE_NOT_FOUND);
      if (pagePeek.userId !== userId) throw ServiceException.forbidden();
      const team = await this.teams.lock(manager, teamId);
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
      if (status === 'pending' && (await this.requestMails.claim(manager, teamId, userId))) {
        await this.notices.markTold(manager, [page.profileId]);
        await this.mails.recordJoinRequest(manager, teamId, page.profileId);
      } else await this.mails.recordDigest(manager, teamId);
      return this.listed(manager, team, page.profileId);
    });
    this.mails.relay.kick();
    return { member };
  }

  async removeMember(userId: string, teamId: string, runnerProfileId: string): Promise<{ success: true }> {
    await this.events.transaction(async (manager) => {
      const team = await this.teams.lock(manager, teamId);
      if (!team) throw ServiceException.notFound(TEAM_NOT_FOUND);
      const member = await this.members.find(manager, 'team', runnerProfileId);
      if (!member || member.groupId !== teamId) throw ServiceException.notFound(TEAM_MEMBER_NOT_FOUND);
      const captain = await this.captainUserId(manager, team);
      if (member.userId !== userId && captain !== userId) throw ServiceException.forbidden(TEAM_ONLY_CAPTAIN);
      if (runnerProfileId === team.captainProfileId) throw ServiceException.badRequest(TEAM_CAPTAIN_MUST_HAND_OVER);
      await this.leave(manager, runnerProfileId);
    });
    return { success: true };
  }

  async approve(userId: string, teamId: string, runnerProfileId: string): Promise<TeamMemberResponse> {
    const member = await this.events.transaction(async (manager) => {
      const team = await this.lockAsCaptain(manager, teamId, userId);
      const current = await this.members.find(manager, 'team', runnerProfileId);
      if (!current || current.groupId !== teamId) throw ServiceException.notFound(TEAM_MEMBER_NOT_FOUND);
      if (current.status === 'pending') {
        const approved = await this.standings.change(manager, 'team', runnerProfileId, (m) =>
          m.status === 'pending' ? { status: 'member', joinedAt: new Date() } : null,
        );
        await this.notices.untell(manager, runnerProfileId);
        if (approved) await this.announce(manager, team, approved);
        await this.mails.recordDigest(manager, teamId);
      }
      return this.listed(manager, team, runnerProfileId);
    });
    this.mails.relay.kick();
    return { member };
  }

  /** The team's row is locked: of two hand-overs at once, the second finds the caller no longer captain. */
  async handOver(userId: string, teamId: string, request: HandOverTeamRequest): Promise<TeamResponse> {
    const team = await this.events.transaction(async (manager) => {
      const current = await this.lockAsCaptain(manager, teamId, userId);
      const member = await this.members.find(manager, 'team', request.runnerProfileId);
      if (!member || member.groupId !== teamId || member.status !== 'member')
        throw ServiceException.badRequest(TEAM_NEW_CAPTAIN_NOT_MEMBER);
      await this.setCaptain(manager, current, request.runnerProfileId);
      return this.view(manager, (await this.teams.findById(manager, teamId))!);
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
    const manager = this.dataSource.manager;
    const team = await this.teams.findById(manager, teamId);
    if (!team) throw ServiceException.notFound(TEAM_NOT_FOUND);
    if ((await this.captainUserId(manager, team)) !== userId) throw ServiceException.forbidden(TEAM_ONLY_CAPTAIN);
    const rows = await this.members.listAll(manager, teamGroup(teamId));
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

  /**
   * The page is leaving community's copy (deleted by its owner, or with the account): a team it
   * captains goes to the longest-standing remaining member (decision 14), or is deleted when none is
   * left; its own membership leaves the sums (the caller's standings pass does that).
   */
  async pageLeaving(manager: EntityManager, profileId: string): Promise<void> {
    for (const teamId of await this.teams.captainedBy(manager, profileId)) {
      const team = await this.teams.lock(manager, teamId);
      if (!team || team.captainProfileId !== profileId) continue;
      const successor = await this.members.longestStanding(manager, teamGroup(teamId), profileId);
      if (successor) await this.setCaptain(manager, team, successor);
      else await this.deleteLocked(manager, teamId);
    }
    await this.notices.forget(manager, profileId);
  }

  /** The account is gone: what its join requests mailed goes with it. */
  async accountLeaving(manager: EntityManager, userId: string): Promise<void> {
    await this.requestMails.forgetUser(manager, userId);
  }

  /**
   * The charity a team is to name: a listed one (400 when unknown), whose name it takes; or none
   * (null), the typed name staying for a charity not listed.
   */
  private async charityNamed(
    manager: EntityManager,
    charityId: string | null,
    typedName: string,
  ): Promise<{ charityId: string | null; charityName: string }> {
    if (charityId === null) return { charityId: null, charityName: typedName };
    const charity = await this.charities.findById(manager, charityId);
    if (!charity) throw ServiceException.badRequest(CHARITY_NOT_LISTED);
    return { charityId: charity.id, charityName: charity.name };
  }

  private async lockAsCaptain(manager: EntityManager, teamId: string, userId: string): Promise<TeamEntity> {
    const team = await this.teams.lock(manager, teamId);
    if (!team) throw ServiceException.notFound(TEAM_NOT_FOUND);
    if ((await this.captainUserId(manager, team)) !== userId) throw ServiceException.forbidden(TEAM_ONLY_CAPTAIN);
    return team;
  }

  private async captainUserId(manager: EntityManager, team: TeamEntity): Promise<string | null> {
    return (await this.members.find(manager, 'team', team.captainProfileId))?.userId ?? null;
  }

  /** The team as its page shows it: its row, its standing, its captain's page and membership. */
  private async view(manager: EntityManager, team: TeamEntity): Promise<TeamRow> {
    const sums = await this.sums.find(manager, teamGroup(team.id));
    const captain = await this.members.find(manager, 'team', team.captainProfileId);
    const page = await this.pages.findLive(manager, team.captainProfileId);
    // A listed charity's name follows the charity.
    const charity = team.charityId !== null ? await this.charities.findById(manager, team.charityId) : null;
    return {
      ...team,
      charityName: charity?.name ?? team.charityName,
      charitySlug: charity?.slug ?? null,
      raised: sums?.raised ?? '0.00',
      donors: sums?.donors ?? 0,
      meters: sums?.meters ?? 0,
      memberCount: sums?.memberCount ?? 0,
      captainName: page?.name ?? '',
      captainSlug: page?.urlSlug ?? '',
      captainUserId: captain?.userId ?? page?.userId ?? '',
      captainPublished: captain?.published ?? false,
    };
  }

  /**
   * Waits (bounded) until community's copy of the page is there and published: the page may have been
   * made a moment ago, its events still on their way. The rules are checked after, in the transaction.
   */
  private async awaitPageCopy(profileId: string): Promise<void> {
    const deadline = Date.now() + PAGE_COPY_WAIT_MS;
    for (;;) {
      const ready = await this.dataSource.transaction(async (manager) => {
        const page = await this.pages.findLive(manager, profileId);
        return page !== null && page.totalsVersion >= 0 && (await this.published(manager, page.userId!));
      });
      if (ready || Date.now() >= deadline) return;
      await sleep(100);
    }
  }

  private async published(manager: EntityManager, userId: string): Promise<boolean> {
    const access = await this.access.find(manager, userId);
    return access !== null && hasAccess(access.status, access.currentPeriodEnd);
  }

  /** The caller's page, published, in the team's currency, in no team yet (checked in that order). */
  private async joinablePage(
    manager: EntityManager,
    userId: string,
    profileId: string,
    currency: string,
  ): Promise<PageEntity> {
    const page = await this.pages.findLive(manager, profileId);
    if (!page) throw ServiceException.notFound(RUNNER_PROFILE_NOT_FOUND);
    if (page.userId !== userId) throw ServiceException.forbidden();
    if (await this.members.find(manager, 'team', profileId)) throw ServiceException.conflict(PAGE_ALREADY_IN_TEAM);
    if (!(await this.published(manager, userId))) throw ServiceException.badRequest(TEAM_PAGE_NOT_PUBLISHED);
    // A platform's page takes its currency from its first read: until then no team can tell it matches.
    if (page.totalsVersion < 0) throw ServiceException.conflict(TEAM_PAGE_TOTALS_UNREAD);
    if (page.currency !== currency) throw ServiceException.badRequest(teamCurrencyMessage(currency));
    return page;
  }

  private async addMember(
    manager: EntityManager,
    team: TeamEntity,
    page: PageEntity,
    status: 'member' | 'pending',
  ): Promise<void> {
    const distance = await this.distances.find(manager, page.userId!);
    const member = {
      profileId: page.profileId,
      userId: page.userId!,
      status,
      joinedAt: new Date(),
      published: true,
      raised: page.fundsRaised,
      donors: page.totalDonors,
      currency: page.currency,
      totalsVersion: page.totalsVersion,
      meters: distance?.totalMeters ?? 0,
      distanceVersion: distance?.version ?? 0,
    };
    try {
      await this.standings.join(manager, teamGroup(team.id), member);
    } catch (err) {
      if (isUniqueViolation(err)) throw ServiceException.conflict(PAGE_ALREADY_IN_TEAM);
      throw err;
    }
    await this.notices.record(manager, { profileId: page.profileId, teamId: team.id, userId: page.userId! });
    await this.announce(manager, team, { ...member, groupKind: 'team', groupId: team.id });
  }

  private async leave(manager: EntityManager, profileId: string): Promise<void> {
    const left = await this.standings.leave(manager, 'team', profileId);
    await this.notices.forget(manager, profileId);
    if (left)
      await this.events.record(manager, COMMUNITY_EVENTS.pageTeamChanged, {
        profileId,
        userId: left.userId,
        team: null,
      });
  }

  private async setCaptain(manager: EntityManager, team: TeamEntity, profileId: string): Promise<void> {
    await this.teams.setCaptain(manager, team.id, profileId);
    await this.announceAll(manager, { ...team, captainProfileId: profileId });
  }

  /** Deletes the team (its row locked), its standing and its members with it; their pages are told. */
  private async deleteLocked(manager: EntityManager, teamId: string): Promise<void> {
    const pages = await this.members.pagesOfGroup(manager, teamGroup(teamId));
    await this.standings.close(manager, teamGroup(teamId));
    await this.teams.delete(manager, teamId);
    for (const page of pages)
      await this.events.record(manager, COMMUNITY_EVENTS.pageTeamChanged, {
        profileId: page.profileId,
        userId: page.userId,
        team: null,
      });
  }

  /** Tells profiles the page's place in the team (its runner page names the team). */
  async announce(manager: EntityManager, team: TeamEntity, member: MemberRow): Promise<void> {
    await this.events.record(manager, COMMUNITY_EVENTS.pageTeamChanged, {
      profileId: member.profileId,
      userId: member.userId,
      team: {
        teamId: team.id,
        slug: team.slug,
        name: team.name,
        status: member.status,
        joinedAt: new Date(member.joinedAt).toISOString(),
        isCaptain: member.profileId === team.captainProfileId,
      },
    });
  }

  private async announceAll(manager: EntityManager, team: TeamEntity): Promise<void> {
    for (const member of await this.members.pagesOfGroup(manager, teamGroup(team.id)))
      await this.announce(manager, team, member);
  }

  private async listed(manager: EntityManager, team: TeamEntity, profileId: string) {
    const [row] = await this.members.listAll(manager, teamGroup(team.id), [profileId]);
    return toMember(row!, team.captainProfileId);
  }
}
