import { Injectable } from '@nestjs/common';
import type { CreatePledgeRequest, DistanceUnit, ExportCursor, PledgeCounts, PledgeStatus } from '@runpledge/contracts';
import { DataSource, type EntityManager } from 'typeorm';
import { OwnerAccessEntity } from '../owner-access/owner-access.entity.js';
import { RunnerProfileEntity } from '../runner-profiles/runner-profile.entity.js';
import type { PledgeChange } from './pledge-links.js';

const T = '"profiles"."pledges"';
const CLOSURES = '"profiles"."pledge_closures"';

/** A pledge row as the service reads it (numbers parsed; never the e-mail unless asked). */
export interface PledgeRow {
  id: string;
  runnerProfileId: string;
  name: string;
  message: string | null;
  ratePerUnit: number;
  cap: number | null;
  counts: PledgeCounts;
  unit: DistanceUnit;
  currency: string;
  status: PledgeStatus;
  createdAt: Date;
  confirmedAt: Date | null;
  confirmedOn: string | null;
  dueAt: Date | null;
  distanceCounted: number | null;
  earned: number | null;
  paidAt: Date | null;
  remindersSent: number;
}

const COLUMNS = `id, runner_profile_id, name, message, rate_per_unit::text, cap::text, counts, unit, currency, status, created_at,
  confirmed_at, confirmed_on::text, due_at, distance_counted::text, earned::text, paid_at, reminders_sent`;

interface RawRow {
  id: string;
  runner_profile_id: string;
  name: string;
  message: string | null;
  rate_per_unit: string;
  cap: string | null;
  counts: PledgeCounts;
  unit: DistanceUnit;
  currency: string;
  status: PledgeStatus;
  created_at: Date;
  confirmed_at: Date | null;
  confirmed_on: string | null;
  due_at: Date | null;
  distance_counted: string | null;
  earned: string | null;
  paid_at: Date | null;
  reminders_sent: number;
  email?: string;
}

const num = (v: string | null) => (v === null ? null : Number(v));

export function toRow(r: RawRow): PledgeRow {
  return {
    id: r.id,
    runnerProfileId: r.runner_profile_id,
    name: r.name,
    message: r.message,
    ratePerUnit: Number(r.rate_per_unit),
    cap: num(r.cap),
    counts: r.counts,
    unit: r.unit,
    currency: r.currency,
    status: r.status,
    createdAt: new Date(r.created_at),
    confirmedAt: r.confirmed_at && new Date(r.confirmed_at),
    confirmedOn: r.confirmed_on,
    dueAt: r.due_at && new Date(r.due_at),
    distanceCounted: num(r.distance_counted),
    earned: num(r.earned),
    paidAt: r.paid_at && new Date(r.paid_at),
    remindersSent: r.reminders_sent,
  };
}

/** The returned rows of an UPDATE … RETURNING through TypeORM's query (rows, count). */
function returned(result: unknown): RawRow[] {
  return (Array.isArray(result) && Array.isArray(result[0]) ? result[0] : result) as RawRow[];
}

/** The pledges table and the pages' "I've finished" marks. */
@Injectable()
export class PledgesRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** The page with its owner's access (published or not), and when its pledges were closed. */
  async findPage(
    manager: EntityManager,
    profileId: string,
  ): Promise<{ page: RunnerProfileEntity; closedAt: Date | null } | null> {
    const page = await manager
      .createQueryBuilder(RunnerProfileEntity, 'p')
      .leftJoinAndMapOne('p.ownerAccess', OwnerAccessEntity, 'a', 'a.user_id = p.user_id')
      .where('p.id = :profileId', { profileId })
      .getOne();
    if (!page) return null;
    const [closure] = (await manager.query(`SELECT closed_at FROM ${CLOSURES} WHERE runner_profile_id = $1`, [
      profileId,
    ])) as { closed_at: Date }[];
    return { page, closedAt: closure ? new Date(closure.closed_at) : null };
  }

  /** A new pledge in the page's unit and currency of now, which it keeps. */
  async insert(
    manager: EntityManager,
    runnerProfileId: string,
    page: { unit: DistanceUnit; currency: string },
    pledge: CreatePledgeRequest,
  ): Promise<PledgeRow> {
    const [row] = (await manager.query(
      `INSERT INTO ${T} (runner_profile_id, name, email, message, rate_per_unit, cap, counts, unit, currency)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING ${COLUMNS}`,
      [
        runnerProfileId,
        pledge.name,
        pledge.email,
        pledge.message,
        pledge.ratePerUnit,
        pledge.cap,
        pledge.counts,
        page.unit,
        page.currency,
      ],
    )) as RawRow[];
    return toRow(row!);
  }

  /** Confirms the pledge of a confirmation token, once, if it has not lapsed. */
  async confirm(manager: EntityManager, tokenHash: string, now: Date, lapseHours: number): Promise<PledgeRow | null> {
    const rows = returned(
      await manager.query(
        `UPDATE ${T} SET status = 'active', confirmed_at = $2, confirmed_on = ($2::timestamptz AT TIME ZONE 'UTC')::date,
                confirm_token_hash = NULL
          WHERE confirm_token_hash = $1 AND status = 'pending_confirmation'
            AND created_at > $2::timestamptz - make_interval(hours => $3)
        RETURNING ${COLUMNS}`,
        [tokenHash, now, lapseHours],
      ),
    );
    return rows[0] ? toRow(rows[0]) : null;
  }

  /**
   * A page's pledges with these statuses: `rate` largest rate first (then oldest), `newest` newest
   * first. All of them: the page's sums are over every one, whichever page of the list is read.
   */
  async listOfPage(
    profileId: string,
    statuses: PledgeStatus[],
    order: 'rate' | 'newest',
    manager?: EntityManager,
  ): Promise<PledgeRow[]> {
    // The table's numeric rate, not the text column of the same name that COLUMNS selects.
    const orderBy = order === 'rate' ? '"pledges".rate_per_unit DESC, created_at, id' : 'created_at DESC, id DESC';
    const rows = (await (manager ?? this.dataSource.manager).query(
      `SELECT ${COLUMNS} FROM ${T} WHERE runner_profile_id = $1 AND status = ANY($2::text[]) ORDER BY ${orderBy}`,
      [profileId, statuses],
    )) as RawRow[];
    return rows.map(toRow);
  }

  /** Removes one pledge of the page (the owner's call); false when the page has no such pledge. */
  async remove(manager: EntityManager, profileId: string, pledgeId: string): Promise<boolean> {
    const rows = returned(
      await manager.query(`DELETE FROM ${T} WHERE id = $1 AND runner_profile_id = $2 RETURNING id`, [
        pledgeId,
        profileId,
      ]),
    );
    return rows.length > 0;
  }

  async countActive(manager: EntityManager, profileId: string): Promise<number> {
    const [row] = (await manager.query(
      `SELECT count(*)::int AS n FROM ${T} WHERE runner_profile_id = $1 AND status = 'active'`,
      [profileId],
    )) as { n: number }[];
    return row!.n;
  }

  /** Marks the page's pledges closed ("I've finished"); false when they already were. */
  async close(manager: EntityManager, profileId: string, now: Date): Promise<boolean> {
    const rows = returned(
      await manager.query(
        `INSERT INTO ${CLOSURES} (runner_profile_id, closed_at) VALUES ($1, $2) ON CONFLICT DO NOTHING RETURNING runner_profile_id`,
        [profileId, now],
      ),
    );
    return rows.length > 0;
  }

  /** The pledge when `tokenHash` is the hash of one of its mails' tokens. */
  async findByToken(manager: EntityManager, pledgeId: string, tokenHash: string): Promise<PledgeRow | null> {
    const [row] = (await manager.query(
      `SELECT ${COLUMNS} FROM ${T} WHERE id = $1 AND $2 = ANY(token_hashes) FOR UPDATE`,
      [pledgeId, tokenHash],
    )) as RawRow[];
    return row ? toRow(row) : null;
  }

  /** A followed link's change (pledge-links.ts), made at `now`. */
  async applyChange(manager: EntityManager, pledgeId: string, change: PledgeChange, now: Date): Promise<PledgeRow> {
    const params: unknown[] = [pledgeId, now];
    const sets: string[] = [];
    if (change.status) {
      params.push(change.status);
      sets.push(`status = $${params.length}`);
    }
    if (change.paidAt === 'now') sets.push('paid_at = $2');
    if (change.cancelledAt === 'now') sets.push('cancelled_at = $2');
    if (change.unsubscribedAt === 'now unless set') sets.push('unsubscribed_at = coalesce(unsubscribed_at, $2)');
    if (change.dropConfirmToken) sets.push('confirm_token_hash = NULL');
    if (change.stopReminders) sets.push('next_reminder_at = NULL');
    const rows = returned(
      await manager.query(
        `UPDATE ${T} SET ${sets.join(', ')} WHERE id = $1 AND $2::timestamptz IS NOT NULL RETURNING ${COLUMNS}`,
        params,
      ),
    );
    return toRow(rows[0]!);
  }

  /** Unconfirmed pledges older than the confirmation window lapse: removed, at most `limit` a call. */
  async deleteLapsed(now: Date, lapseHours: number, limit: number): Promise<number> {
    const rows = returned(
      await this.dataSource.query(
        `DELETE FROM ${T} WHERE id IN (
           SELECT id FROM ${T} WHERE status = 'pending_confirmation'
              AND created_at <= $1::timestamptz - make_interval(hours => $2) LIMIT $3)
         RETURNING id`,
        [now, lapseHours, limit],
      ),
    );
    return rows.length;
  }

  /** Pages with active pledges that are due: race day passed (by `today`) or closed. */
  async pagesDue(today: string, limit: number): Promise<string[]> {
    const rows = (await this.dataSource.query(
      `SELECT p.id FROM "profiles"."runner_profiles" p
        WHERE EXISTS (SELECT 1 FROM ${T} x WHERE x.runner_profile_id = p.id AND x.status = 'active')
          AND (p.marathon_date < $1::date OR EXISTS (SELECT 1 FROM ${CLOSURES} c WHERE c.runner_profile_id = p.id))
        LIMIT $2`,
      [today, limit],
    )) as { id: string }[];
    return rows.map((r) => r.id);
  }

  /** Due pledges whose due mail has not gone after `olderThan` (its job was lost): asked for again. */
  async unmailedDue(olderThan: Date, limit: number): Promise<string[]> {
    const rows = (await this.dataSource.query(
      `SELECT id FROM ${T} WHERE status = 'due' AND due_mailed_at IS NULL AND unsubscribed_at IS NULL AND due_at <= $1
        LIMIT $2`,
      [olderThan, limit],
    )) as { id: string }[];
    return rows.map((r) => r.id);
  }

  /** Due, unpaid, subscribed pledges whose next reminder time has come. */
  async remindersDue(now: Date, limit: number): Promise<{ id: string; remindersSent: number }[]> {
    const rows = (await this.dataSource.query(
      `SELECT id, reminders_sent FROM ${T}
        WHERE status = 'due' AND unsubscribed_at IS NULL AND next_reminder_at IS NOT NULL AND next_reminder_at <= $1
          AND due_mailed_at IS NOT NULL
        ORDER BY next_reminder_at LIMIT $2`,
      [now, limit],
    )) as { id: string; reminders_sent: number }[];
    return rows.map((r) => ({ id: r.id, remindersSent: r.reminders_sent }));
  }

  /** The earliest confirmation day of the page's active training pledges. */
  async firstActiveTrainingDay(manager: EntityManager, profileId: string): Promise<string | null> {
    const [row] = (await manager.query(
      `SELECT min(confirmed_on)::text AS first FROM ${T} WHERE runner_profile_id = $1 AND status = 'active' AND counts = 'training'`,
      [profileId],
    )) as { first: string | null }[];
    return row?.first ?? null;
  }

  /** A batch of the page's active pledges, locked for falling due (other workers skip them). */
  async lockActiveBatch(manager: EntityManager, profileId: string, limit: number): Promise<PledgeRow[]> {
    const rows = (await manager.query(
      `SELECT ${COLUMNS} FROM ${T} WHERE runner_profile_id = $1 AND status = 'active' ORDER BY id LIMIT $2
         FOR UPDATE SKIP LOCKED`,
      [profileId, limit],
    )) as RawRow[];
    return rows.map(toRow);
  }

  /** Fixes what each pledge earned and makes it due, in one statement. */
  async markDue(
    manager: EntityManager,
    due: { id: string; distance: number; earned: number }[],
    now: Date,
    firstReminderAt: Date,
  ): Promise<void> {
    await manager.query(
      `UPDATE ${T} p SET status = 'due', due_at = $4, distance_counted = v.distance, earned = v.earned,
              next_reminder_at = CASE WHEN v.earned > 0 THEN $5::timestamptz END
         FROM unnest($1::uuid[], $2::numeric[], $3::numeric[]) AS v(id, distance, earned)
        WHERE p.id = v.id AND p.status = 'active'`,
      [due.map((d) => d.id), due.map((d) => d.distance), due.map((d) => d.earned), now, firstReminderAt],
    );
  }

  /**
   * Claims one kind of mail for each of these pledges in one statement, adding each its mail's token
   * hash; the statement's WHERE is the rule for whether that mail goes at all (a redelivered job
   * finds its mails claimed and claims nothing). Returns the claimed pledges with their supporters'
   * addresses and the hash each got.
   */
  async claimMails(
    pledges: { id: string; hash: string; confirmHash: string }[],
    kind: 'confirm' | 'due' | 'reminder-1' | 'reminder-2',
    now: Date,
  ): Promise<(PledgeRow & { email: string; hash: string })[]> {
    const addToken = `token_hashes = array_append(p.token_hashes, v.hash)`;
    let set: string;
    let where: string;
    switch (kind) {
      case 'confirm':
        set = `${addToken}, confirm_token_hash = v.confirm_hash`;
        where = `p.status = 'pending_confirmation' AND p.confirm_token_hash IS NULL AND p.unsubscribed_at IS NULL`;
        break;
      case 'due':
        set = `${addToken}, due_mailed_at = $4`;
        where = `p.status = 'due' AND p.due_mailed_at IS NULL AND p.unsubscribed_at IS NULL`;
        break;
      case 'reminder-1':
      case 'reminder-2': {
        const n = kind === 'reminder-1' ? 1 : 2;
        set = `${addToken}, reminders_sent = ${n}, next_reminder_at = ${n === 1 ? `p.due_at + interval '7 days'` : 'NULL'}`;
        where = `p.status = 'due' AND p.reminders_sent = ${n - 1} AND p.due_mailed_at IS NOT NULL
                 AND p.unsubscribed_at IS NULL AND p.earned > 0`;
      }
    }
    const columns = COLUMNS.replace(/(^|,\s*)(\w+)/g, '$1p.$2');
    const rows = returned(
      await this.dataSource.query(
        `UPDATE ${T} p SET ${set}
           FROM unnest($1::uuid[], $2::text[], $3::text[]) AS v(id, hash, confirm_hash)
          WHERE p.id = v.id AND ${where} AND $4::timestamptz IS NOT NULL
        RETURNING ${columns}, p.email, v.hash`,
        [pledges.map((x) => x.id), pledges.map((x) => x.hash), pledges.map((x) => x.confirmHash), now],
      ),
    ) as (RawRow & { email: string; hash: string })[];
    return rows.map((r) => ({ ...toRow(r), email: r.email, hash: r.hash }));
  }

  /** Gives a claimed mail back when sending it failed: the retry claims it again. */
  async unclaimMail(
    pledgeId: string,
    kind: 'confirm' | 'due' | 'reminder-1' | 'reminder-2',
    tokenHash: string,
  ): Promise<void> {
    const dropToken = `token_hashes = array_remove(token_hashes, $2)`;
    const set =
      kind === 'confirm'
        ? `${dropToken}, confirm_token_hash = NULL`
        : kind === 'due'
          ? `${dropToken}, due_mailed_at = NULL`
          : kind === 'reminder-1'
            ? `${dropToken}, reminders_sent = 0, next_reminder_at = due_at + interval '3 days'`
            : `${dropToken}, reminders_sent = 1, next_reminder_at = due_at + interval '7 days'`;
    await this.dataSource.query(`UPDATE ${T} SET ${set} WHERE id = $1 AND $2 = ANY(token_hashes)`, [
      pledgeId,
      tokenHash,
    ]);
  }

  /**
   * One page of what a runner's account export holds of their page's pledges (confirmed ones, oldest
   * first, after `after`: keyset on time and id): names and amounts, never addresses. Another user's
   * page reads as none.
   */
  async exportPageOf(
    userId: string,
    profileId: string,
    after: ExportCursor | null,
    limit: number,
  ): Promise<(PledgeRow & { cursorAt: string })[]> {
    const rows = (await this.dataSource.query(
      `SELECT ${COLUMNS.replace(/(^|,\s*)(\w+)/g, '$1x.$2')},
              to_char(x.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS cursor_at
         FROM ${T} x JOIN "profiles"."runner_profiles" p ON p.id = x.runner_profile_id
        WHERE p.id = $1 AND p.user_id = $2 AND x.status <> 'pending_confirmation'
          AND ($3::timestamptz IS NULL OR (x.created_at, x.id) > ($3::timestamptz, $4::uuid))
        ORDER BY x.created_at, x.id LIMIT $5`,
      [profileId, userId, after?.at ?? null, after?.id ?? null, limit],
    )) as (RawRow & { cursor_at: string })[];
    return rows.map((r) => ({ ...toRow(r), cursorAt: r.cursor_at }));
  }
}
