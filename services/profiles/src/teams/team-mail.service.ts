import { Inject, Injectable } from '@nestjs/common';
import { LOGGER } from '@runpledge/server-kit';
import type { Logger } from 'pino';
import { DataSource } from 'typeorm';
import { env } from '../config/env.js';
import { newStopLink, OptOutMailer } from '../mail-suppression/opt-out-mailer.js';
import { newMembersDigestMail, joinRequestMail } from './team-mail.js';
import type { TeamMailJob } from './team-mail.queue.js';
import { TeamsRepository } from './teams.repository.js';

/** Sends the captain's mails: a runner's first join request of the day, and the digest of the rest. */
@Injectable()
export class TeamMailService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly teams: TeamsRepository,
    private readonly mailer: OptOutMailer,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  /** Answers how many members or requests the mail told of (0: nothing to send, or the inbox opted out). */
  async send(job: TeamMailJob): Promise<number> {
    return this.dataSource.transaction(async (manager) => {
      const team = await this.teams.findById(manager, job.teamId);
      if (!team) return 0; // deleted meanwhile
      const to = await this.teams.captainEmail(manager, team.id);
      if (!to) {
        this.logger.warn({ teamId: team.id }, 'no e-mail address known for the team captain');
        return 0;
      }
      const teamUrl = new URL(`/teams/${team.slug}`, env.PUBLIC_URL).toString();
      const stop = newStopLink();
      if (job.kind === 'join-request') {
        const member = await this.teams.findMember(manager, job.runnerProfileId);
        if (!member || member.teamId !== team.id || member.status !== 'pending') return 0;
        const pages: { name: string }[] = await manager.query(
          `SELECT name FROM "profiles"."runner_profiles" WHERE id = $1`,
          [job.runnerProfileId],
        );
        if (!pages[0]) return 0;
        const mail = joinRequestMail(to, team, { name: pages[0].name, id: job.runnerProfileId }, teamUrl, stop.url);
        return (await this.mailer.send(mail, stop.hash)) ? 1 : 0;
      }
      // Marked in the transaction that sends: a failed send leaves them for the retry.
      const members = await this.teams.takeUndigested(manager, team.id);
      const requests = await this.teams.takeUntoldRequests(manager, team.id);
      if (members.length + requests.length === 0) return 0;
      const mail = newMembersDigestMail(to, team, members, teamUrl, stop.url, requests);
      return (await this.mailer.send(mail, stop.hash)) ? members.length + requests.length : 0;
    });
  }
}
