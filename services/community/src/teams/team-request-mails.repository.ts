import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { TeamRequestMailEntity } from './team-request-mail.entity.js';

const tableOf = (manager: EntityManager) => manager.connection.getMetadata(TeamRequestMailEntity).tablePath;

/** When each runner's join request last mailed a team's captain (`team_request_mails`). */
@Injectable()
export class TeamRequestMailsRepository {
  /**
   * A runner's join request mails the captain at most once a day per team: true when this one may
   * (the request's own time, now(), is recorded as the mail's), false when the digest tells it.
   */
  async claim(manager: EntityManager, teamId: string, userId: string): Promise<boolean> {
    const rows: unknown[] = await manager.query(
      `INSERT INTO ${tableOf(manager)} AS r (team_id, user_id, mailed_at) VALUES ($1, $2, now())
       ON CONFLICT (team_id, user_id) DO UPDATE SET mailed_at = now()
         WHERE r.mailed_at <= now() - interval '1 day'
       RETURNING r.team_id`,
      [teamId, userId],
    );
    return rows.length > 0;
  }

  /** A mail time brought over from profiles (decision 0022); an existing row stays. */
  async restore(manager: EntityManager, teamId: string, userId: string, mailedAt: Date): Promise<void> {
    await manager.query(
      `INSERT INTO ${tableOf(manager)} (team_id, user_id, mailed_at) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING`,
      [teamId, userId, mailedAt],
    );
  }

  /** When the runner's request last mailed the captain (null: never). */
  async mailedAt(manager: EntityManager, teamId: string, userId: string): Promise<Date | null> {
    return (await manager.findOne(TeamRequestMailEntity, { where: { teamId, userId } }))?.mailedAt ?? null;
  }

  /** A deleted account's join requests are forgotten with it. */
  async forgetUser(manager: EntityManager, userId: string): Promise<void> {
    await manager.delete(TeamRequestMailEntity, { userId });
  }
}
