import { Inject, Injectable } from '@nestjs/common';
import { LOGGER, Mailer } from '@runpledge/server-kit';
import type { Logger } from 'pino';
import { DataSource } from 'typeorm';
import { env } from '../config/env.js';
import { newMembersDigestMail, joinRequestMail } from './team-mail.js';
import type { TeamMailJob } from './team-mail.queue.js';
import { TeamsRepository } from './teams.repository.js';

/** Sends the captain's mails: each join request, and the digest of new members. */
@Injectable()
export class TeamMailService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly teams: TeamsRepository,
    private readonly mailer: Mailer,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  /** Answers how many members or requests the mail told of (0: nothing to send). */
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
      if (job.kind === 'join-request') {
        const member = await this.teams.findMember(manager, job.runnerProfileId);
        if (!member || member.teamId !== team.id || member.status !== 'pending') return 0;
        const pages: { name: string }[] = await manager.query(
          `SELECT name FROM "profiles"."runner_profiles" WHERE id = $1`,
          [job.runnerProfileId],
        );
        if (!pages[0]) return 0;
        await this.mailer.send(joinRequestMail(to, team, { name: pages[0].name, id: job.runnerProfileId }, teamUrl));
        return 1;
      }
      // Marked in the transaction that sends: a failed send leaves them for the retry.
      const members = await this.teams.takeUndigested(manager, team.id);
      if (members.length === 0) return 0;
      await this.mailer.send(newMembersDigestMail(to, team, members, teamUrl));
      return members.length;
    });
  }
}
