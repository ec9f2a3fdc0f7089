import { Inject, Injectable } from '@nestjs/common';
import { LOGGER } from '@runpledge/server-kit';
import type { Logger } from 'pino';
import { DataSource } from 'typeorm';
import { AccountEmailsRepository } from '../accounts/account-emails.repository.js';
import { env } from '../config/env.js';
import { CommunityMailer } from '../mail/community-mailer.js';
import { StandingMembersRepository } from '../standings/standing-members.repository.js';
import { TeamMemberNoticesRepository } from './team-member-notices.repository.js';
import { newMembersDigestMail, joinRequestMail } from './team-mail.js';
import type { TeamMailJob } from './team-mail.queue.js';
import { TeamsRepository } from './teams.repository.js';
import { teamGroup } from './teams.service.js';

/** Sends the captain's mails: a runner's first join request of the day, and the digest of the rest. */
@Injectable()
export class TeamMailService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly teams: TeamsRepository,
    private readonly members: StandingMembersRepository,
    private readonly notices: TeamMemberNoticesRepository,
    private readonly emails: AccountEmailsRepository,
    private readonly mailer: CommunityMailer,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  /** Answers how many members or requests the mail told of (0: nothing to send, or the inbox opted out). */
  async send(job: TeamMailJob): Promise<number> {
    return this.dataSource.transaction(async (manager) => {
      const team = await this.teams.findById(manager, job.teamId);
      if (!team) return 0; // deleted meanwhile
      const captain = await this.members.find(manager, 'team', team.captainProfileId);
      const to = captain ? await this.emails.emailOf(manager, captain.userId) : null;
      if (!to) {
        this.logger.warn({ teamId: team.id }, 'no e-mail address known for the team captain');
        return 0;
      }
      const teamUrl = new URL(`/teams/${team.slug}`, env.PUBLIC_URL).toString();
      const stop = this.mailer.stopLink();
      const optOut = this.mailer.within(manager);
      if (job.kind === 'join-request') {
        const [member] = await this.members.listAll(manager, teamGroup(team.id), [job.runnerProfileId]);
        if (!member || member.status !== 'pending') return 0;
        const mail = joinRequestMail(to, team, { name: member.name, id: job.runnerProfileId }, teamUrl, stop.url);
        return (await optOut.send(mail, stop.hash)) ? 1 : 0;
      }
      // Marked in the transaction that sends: a failed send leaves them for the retry.
      const untold = await this.notices.untold(manager, team.id);
      const listed = await this.members.listAll(
        manager,
        teamGroup(team.id),
        untold.map((n) => n.profileId),
      );
      const order = new Map(untold.map((n, i) => [n.profileId, i]));
      listed.sort((a, b) => order.get(a.profileId)! - order.get(b.profileId)!);
      const card = (m: (typeof listed)[number]) => ({ name: m.name, pageSlug: m.pageSlug });
      const joined = listed.filter((m) => m.status === 'member' && m.profileId !== team.captainProfileId);
      const asking = listed.filter((m) => m.status === 'pending' && m.published);
      await this.notices.markTold(
        manager,
        untold.map((n) => n.profileId),
      );
      if (joined.length + asking.length === 0) return 0;
      const mail = newMembersDigestMail(to, team, joined.map(card), teamUrl, stop.url, asking.map(card));
      return (await optOut.send(mail, stop.hash)) ? joined.length + asking.length : 0;
    });
  }
}
