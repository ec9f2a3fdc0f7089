import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { PROFILES_EVENTS, hasAccess } from '@runpledge/contracts';
import { DomainEvents, LOGGER, lockLiveAccount } from '@runpledge/server-kit';
import type { Logger } from 'pino';
import type { EntityManager } from 'typeorm';
import type { z } from 'zod';
import { OwnerAccessRepository } from '../pages/owner-access.repository.js';
import { PagesRepository } from '../pages/pages.repository.js';
import { RunnerDistancesRepository } from '../pages/runner-distances.repository.js';
import { StandingMembersRepository, type MemberRow } from '../standings/standing-members.repository.js';
import { StandingsService } from '../standings/standings.service.js';
import { TeamMemberNoticesRepository } from './team-member-notices.repository.js';
import { TeamRequestMailsRepository } from './team-request-mails.repository.js';
import { TeamsRepository } from './teams.repository.js';
import { TeamsService, teamGroup } from './teams.service.js';

type TeamExported = z.infer<typeof PROFILES_EVENTS.teamExported.schema>;
type ExportedMember = TeamExported['members'][number];

/**
 * Brings over a team profiles exported when teams moved here (decision 0022), once: a team already
 * here is left as it is, so a redelivered or replayed export changes nothing. Each member's snapshot
 * is the newer of the exported one and community's own copy of its page, runner and owner (events
 * community heard before the team was here were not applied to a membership it did not have yet).
 */
@Injectable()
export class TeamImportService implements OnModuleInit {
  constructor(
    private readonly teams: TeamsRepository,
    private readonly teamRules: TeamsService,
    private readonly pages: PagesRepository,
    private readonly access: OwnerAccessRepository,
    private readonly distances: RunnerDistancesRepository,
    private readonly members: StandingMembersRepository,
    private readonly standings: StandingsService,
    private readonly notices: TeamMemberNoticesRepository,
    private readonly requestMails: TeamRequestMailsRepository,
    private readonly events: DomainEvents,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  onModuleInit(): void {
    this.events.on(PROFILES_EVENTS.teamExported, (payload, { manager }) => this.apply(manager, payload));
  }

  async apply(manager: EntityManager, exported: TeamExported): Promise<void> {
    const { team } = exported;
    const created = await this.teams.insertImported(manager, {
      ...team,
      marathonDate: team.marathonDate,
      createdAt: new Date(team.createdAt),
    });
    if (!created) return;
    const row = (await this.teams.lock(manager, team.id))!;
    await this.standings.open(manager, teamGroup(team.id), team.currency);
    for (const member of exported.members) {
      const joined = await this.bringMember(manager, team.id, member);
      if (joined) await this.teamRules.announce(manager, row, joined);
    }
    for (const mail of exported.requestMails)
      await this.requestMails.restore(manager, team.id, mail.userId, new Date(mail.mailedAt));
    // A captain whose page is gone (or now in another team) hands over as on deletion (decision 14).
    const captain = await this.members.find(manager, 'team', team.captainProfileId);
    if (!captain || captain.groupId !== team.id) await this.teamRules.pageLeaving(manager, team.captainProfileId);
  }

  /** The member's membership, newest snapshot; null when its page or account is gone, or it is in another team. */
  private async bringMember(manager: EntityManager, teamId: string, m: ExportedMember): Promise<MemberRow | null> {
    if (!(await lockLiveAccount(manager, m.userId)) || (await this.pages.isDeleted(manager, m.profileId))) return null;
    if (await this.members.find(manager, 'team', m.profileId)) {
      this.logger.warn({ teamId, profileId: m.profileId }, 'imported member already in a team here; left there');
      return null;
    }
    const page = await this.pages.findLive(manager, m.profileId);
    const distance = await this.distances.find(manager, m.userId);
    const access = await this.access.find(manager, m.userId);
    const totals =
      page && page.totalsVersion > m.totalsVersion
        ? {
            raised: page.fundsRaised,
            donors: page.totalDonors,
            currency: page.currency,
            totalsVersion: page.totalsVersion,
          }
        : { raised: m.raised, donors: m.donors, currency: m.currency, totalsVersion: m.totalsVersion };
    const runs =
      distance && distance.version > m.distanceVersion
        ? { meters: distance.totalMeters, distanceVersion: distance.version }
        : { meters: m.meters, distanceVersion: m.distanceVersion };
    const member = {
      profileId: m.profileId,
      userId: m.userId,
      status: m.status,
      joinedAt: new Date(m.joinedAt),
      published: access ? hasAccess(access.status, access.currentPeriodEnd) : m.published,
      ...totals,
      ...runs,
    };
    await this.standings.join(manager, teamGroup(teamId), member);
    await this.notices.restore(manager, {
      profileId: m.profileId,
      teamId,
      userId: m.userId,
      requestedAt: new Date(m.requestedAt),
      digestMailedAt: m.digestMailedAt ? new Date(m.digestMailedAt) : null,
    });
    return { ...member, groupKind: 'team', groupId: teamId };
  }
}
