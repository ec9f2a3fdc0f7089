import { Injectable } from '@nestjs/common';
import type { RaceResultSource, RaceResultStatus } from '@runpledge/contracts';
import { DataSource, type EntityManager } from 'typeorm';

const RESULTS = '"profiles"."race_results"';
const FOLLOWERS = '"profiles"."followers"';
const MAILS = '"profiles"."race_day_mails"';
const THANKS = '"profiles"."thank_yous"';
const PAGES = '"profiles"."runner_profiles"';
const PLEDGES = '"profiles"."pledges"';

export interface RaceResultRow {
  status: RaceResultStatus | null;
  finishSeconds: number | null;
  source: RaceResultSource | null;
  autoFinishedAt: Date | null;
}

/** Someone a race-day mail goes to: a confirmed follower, or a pledger. */
export interface Recipient {
  /** `follower:{id}` or `pledge:{id}`: the ledger's key. */
  key: string;
  name: string | null;
  email: string;
}

/** The race-day mails: a mail of one kind to one recipient, claimed once ever. */
export type RaceMailKind = 'morning' | 'finish' | 'thank-you';

/** The result of an UPDATE/DELETE … RETURNING through TypeORM's query (rows, count). */
function returned<T>(result: unknown): T[] {
  return (Array.isArray(result) && Array.isArray(result[0]) ? result[0] : result) as T[];
}

/** Race results, followers, the race-day mail ledger and the thank-yous. */
@Injectable()
export class RaceDayRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** The page's result row (an undone result is a row whose status is null), locked when asked. */
  async result(manager: EntityManager, profileId: string, lock = false): Promise<RaceResultRow | null> {
    const [row] = (await manager.query(
      `SELECT status, finish_seconds, source, auto_finished_at FROM ${RESULTS} WHERE runner_profile_id = $1
       ${lock ? 'FOR UPDATE' : ''}`,
      [profileId],
    )) as {
      status: RaceResultStatus | null;
      finish_seconds: number | null;
      source: RaceResultSource | null;
      auto_finished_at: Date | null;
    }[];
    return row
      ? {
          status: row.status,
          finishSeconds: row.finish_seconds,
          source: row.source,
          autoFinishedAt: row.auto_finished_at,
        }
      : null;
  }

  /** The owner's result (null status: undone); keeps whether a run already recorded a finish. */
  async setResult(
    manager: EntityManager,
    profileId: string,
    result: { status: RaceResultStatus | null; finishSeconds: number | null; source: RaceResultSource | null },
  ): Promise<void> {
    await manager.query(
      `INSERT INTO ${RESULTS} (runner_profile_id, status, finish_seconds, source) VALUES ($1, $2, $3, $4)
       ON CONFLICT (runner_profile_id) DO UPDATE
         SET status = EXCLUDED.status, finish_seconds = EXCLUDED.finish_seconds, source = EXCLUDED.source, updated_at = now()`,
      [profileId, result.status, result.finishSeconds, result.source],
    );
  }

  /**
   * A race-day run's finish, once ever per page and only while the page has no result: a second
   * 40 km run, or one after the owner set or undid a result, records nothing. True when recorded.
   */
  async recordAutoFinish(
    manager: EntityManager,
    profileId: string,
    finish: { finishSeconds: number; source: RaceResultSource },
    now: Date,
  ): Promise<boolean> {
    const rows = returned<{ runner_profile_id: string }>(
      await manager.query(
        `INSERT INTO ${RESULTS} AS r (runner_profile_id, status, finish_seconds, source, auto_finished_at)
         VALUES ($1, 'finished', $2, $3, $4)
         ON CONFLICT (runner_profile_id) DO UPDATE
           SET status = 'finished', finish_seconds = EXCLUDED.finish_seconds, source = EXCLUDED.source,
               auto_finished_at = EXCLUDED.auto_finished_at, updated_at = now()
           WHERE r.auto_finished_at IS NULL AND r.status IS NULL
         RETURNING r.runner_profile_id`,
        [profileId, finish.finishSeconds, finish.source, now],
      ),
    );
    return rows.length > 0;
  }

  /** The runner's pages whose marathon date is within a day of these days (any zone's race day). */
  async pagesAround(
    manager: EntityManager,
    userId: string,
    days: string[],
  ): Promise<{ id: string; urlSlug: string; marathonDate: string; raceTimeZone: string | null }[]> {
    if (days.length === 0) return [];
    const rows = (await manager.query(
      `SELECT id, url_slug, marathon_date::text AS marathon_date, race_time_zone FROM ${PAGES}
        WHERE user_id = $1 AND marathon_date BETWEEN (SELECT min(d) FROM unnest($2::date[]) d) - 1
                                                 AND (SELECT max(d) FROM unnest($2::date[]) d) + 1`,
      [userId, days],
    )) as { id: string; url_slug: string; marathon_date: string; race_time_zone: string | null }[];
    return rows.map((r) => ({
      id: r.id,
      urlSlug: r.url_slug,
      marathonDate: r.marathon_date,
      raceTimeZone: r.race_time_zone,
    }));
  }

  /**
   * A follow of the page by this inbox: a new row, or a pending one asked again (its confirmation
   * goes again); null when the inbox already follows (confirmed: nothing to mail).
   */
  async follow(
    manager: EntityManager,
    profileId: string,
    follower: { name: string | null; email: string; inboxHash: string },
  ): Promise<{ id: string } | null> {
    const rows = returned<{ id: string }>(
      await manager.query(
        `INSERT INTO ${FOLLOWERS} AS f (runner_profile_id, name, email, inbox_hash) VALUES ($1, $2, $3, $4)
         ON CONFLICT (runner_profile_id, inbox_hash) DO UPDATE
           SET name = EXCLUDED.name, email = EXCLUDED.email, confirm_token_hash = NULL, created_at = now()
           WHERE f.status = 'pending_confirmation'
         RETURNING f.id`,
        [profileId, follower.name, follower.email, follower.inboxHash],
      ),
    );
    return rows[0] ?? null;
  }

  /** Confirms the follow of a confirmation token, once, if it has not lapsed; its page, or null. */
  async confirmFollower(
    manager: EntityManager,
    tokenHash: string,
    now: Date,
    lapseHours: number,
  ): Promise<{ runnerProfileId: string; urlSlug: string } | null> {
    const rows = returned<{ runner_profile_id: string; url_slug: string }>(
      await manager.query(
        `UPDATE ${FOLLOWERS} f SET status = 'confirmed', confirmed_at = $2, confirm_token_hash = NULL
           FROM ${PAGES} p
          WHERE f.confirm_token_hash = $1 AND f.status = 'pending_confirmation' AND p.id = f.runner_profile_id
            AND f.created_at > $2::timestamptz - make_interval(hours => $3)
        RETURNING f.runner_profile_id, p.url_slug`,
        [tokenHash, now, lapseHours],
      ),
    );
    const row = rows[0];
    return row ? { runnerProfileId: row.runner_profile_id, urlSlug: row.url_slug } : null;
  }

  /** Claims a follower's confirmation mail (once: the token's hash is set); the follower, or null. */
  async claimConfirmation(
    followerId: string,
    tokenHash: string,
  ): Promise<{ runnerProfileId: string; name: string | null; email: string } | null> {
    const rows = returned<{ runner_profile_id: string; name: string | null; email: string }>(
      await this.dataSource.query(
        `UPDATE ${FOLLOWERS} SET confirm_token_hash = $2
          WHERE id = $1 AND status = 'pending_confirmation' AND confirm_token_hash IS NULL
        RETURNING runner_profile_id, name, email`,
        [followerId, tokenHash],
      ),
    );
    const row = rows[0];
    return row ? { runnerProfileId: row.runner_profile_id, name: row.name, email: row.email } : null;
  }

  async unclaimConfirmation(followerId: string, tokenHash: string): Promise<void> {
    await this.dataSource.query(
      `UPDATE ${FOLLOWERS} SET confirm_token_hash = NULL WHERE id = $1 AND confirm_token_hash = $2`,
      [followerId, tokenHash],
    );
  }

  async confirmedFollowers(profileId: string): Promise<Recipient[]> {
    const rows = (await this.dataSource.query(
      `SELECT id, name, email FROM ${FOLLOWERS} WHERE runner_profile_id = $1 AND status = 'confirmed' ORDER BY id`,
      [profileId],
    )) as { id: string; name: string | null; email: string }[];
    return rows.map((r) => ({ key: `follower:${r.id}`, name: r.name, email: r.email }));
  }

  /** Pledgers a thank-you goes to: confirmed pledges, not cancelled (a removed pledge is gone). */
  async thankablePledgers(profileId: string, manager?: EntityManager): Promise<Recipient[]> {
    const rows = (await (manager ?? this.dataSource.manager).query(
      `SELECT id, name, email FROM ${PLEDGES}
        WHERE runner_profile_id = $1 AND status IN ('active', 'due', 'paid') ORDER BY id`,
      [profileId],
    )) as { id: string; name: string; email: string }[];
    return rows.map((r) => ({ key: `pledge:${r.id}`, name: r.name, email: r.email }));
  }

  /** Pledgers a recorded finish makes due (their due mail gives the finish time): pledges standing or due. */
  async pledgersFallingDue(profileId: string): Promise<Recipient[]> {
    const rows = (await this.dataSource.query(
      `SELECT id, name, email FROM ${PLEDGES} WHERE runner_profile_id = $1 AND status IN ('active', 'due') ORDER BY id`,
      [profileId],
    )) as { id: string; name: string; email: string }[];
    return rows.map((r) => ({ key: `pledge:${r.id}`, name: r.name, email: r.email }));
  }

  /** Claims one mail for one recipient, once ever; false when it was claimed before. */
  async claimMail(profileId: string, recipient: string, kind: string): Promise<boolean> {
    const rows = returned<{ recipient: string }>(
      await this.dataSource.query(
        `INSERT INTO ${MAILS} (recipient, kind, runner_profile_id) VALUES ($1, $2, $3)
         ON CONFLICT DO NOTHING RETURNING recipient`,
        [recipient, kind, profileId],
      ),
    );
    return rows.length > 0;
  }

  /** Gives a claim back when its mail could not be sent: the retry claims it again. */
  async unclaimMail(recipient: string, kind: string): Promise<void> {
    await this.dataSource.query(`DELETE FROM ${MAILS} WHERE recipient = $1 AND kind = $2`, [recipient, kind]);
  }

  /** Locks the page row: two thank-yous of one page at once wait for each other. */
  async lockPage(manager: EntityManager, profileId: string): Promise<void> {
    await manager.query(`SELECT id FROM ${PAGES} WHERE id = $1 FOR UPDATE`, [profileId]);
  }

  async lastThankYouAt(manager: EntityManager, profileId: string): Promise<Date | null> {
    const [row] = (await manager.query(`SELECT max(sent_at) AS at FROM ${THANKS} WHERE runner_profile_id = $1`, [
      profileId,
    ])) as { at: Date | null }[];
    return row?.at ? new Date(row.at) : null;
  }

  async insertThankYou(
    manager: EntityManager,
    profileId: string,
    message: string,
    recipients: number,
    now: Date,
  ): Promise<string> {
    const [row] = (await manager.query(
      `INSERT INTO ${THANKS} (runner_profile_id, message, recipients, sent_at) VALUES ($1, $2, $3, $4) RETURNING id`,
      [profileId, message, recipients, now],
    )) as { id: string }[];
    return row!.id;
  }

  async thankYou(id: string): Promise<{ runnerProfileId: string; message: string } | null> {
    const [row] = (await this.dataSource.query(`SELECT runner_profile_id, message FROM ${THANKS} WHERE id = $1`, [
      id,
    ])) as { runner_profile_id: string; message: string }[];
    return row ? { runnerProfileId: row.runner_profile_id, message: row.message } : null;
  }

  /** Confirmed followers of the page not yet sent a mail of this kind. */
  async countUnmailedFollowers(manager: EntityManager, profileId: string, kind: RaceMailKind): Promise<number> {
    const [row] = (await manager.query(
      `SELECT count(*)::int AS n FROM ${FOLLOWERS} f
        WHERE f.runner_profile_id = $1 AND f.status = 'confirmed'
          AND NOT EXISTS (SELECT 1 FROM ${MAILS} m WHERE m.recipient = 'follower:' || f.id AND m.kind = $2)`,
      [profileId, kind],
    )) as { n: number }[];
    return row!.n;
  }

  /** Unconfirmed follows older than the confirmation window lapse: removed, at most `limit` a call. */
  async deleteLapsed(now: Date, lapseHours: number, limit: number): Promise<number> {
    const rows = returned<{ id: string }>(
      await this.dataSource.query(
        `DELETE FROM ${FOLLOWERS} WHERE id IN (
           SELECT id FROM ${FOLLOWERS} WHERE status = 'pending_confirmation'
              AND created_at <= $1::timestamptz - make_interval(hours => $2) LIMIT $3)
         RETURNING id`,
        [now, lapseHours, limit],
      ),
    );
    return rows.length;
  }

  /**
   * Pages whose marathon date is within a day of `today` (UTC) with a confirmed follower not yet
   * sent the race-morning mail: the sweep then asks each page's own zone whether it is morning there.
   */
  async morningCandidates(
    today: string,
    limit: number,
  ): Promise<{ id: string; marathonDate: string; raceTimeZone: string | null }[]> {
    const rows = (await this.dataSource.query(
      `SELECT p.id, p.marathon_date::text AS marathon_date, p.race_time_zone FROM ${PAGES} p
        WHERE p.marathon_date BETWEEN $1::date - 1 AND $1::date + 1
          AND EXISTS (SELECT 1 FROM ${FOLLOWERS} f WHERE f.runner_profile_id = p.id AND f.status = 'confirmed'
                        AND NOT EXISTS (SELECT 1 FROM ${MAILS} m WHERE m.recipient = 'follower:' || f.id AND m.kind = 'morning'))
        LIMIT $2`,
      [today, limit],
    )) as { id: string; marathon_date: string; race_time_zone: string | null }[];
    return rows.map((r) => ({ id: r.id, marathonDate: r.marathon_date, raceTimeZone: r.race_time_zone }));
  }
}
