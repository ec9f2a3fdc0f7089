import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { PageEntity } from './page.entity.js';

const tableOf = (manager: EntityManager) => manager.connection.getMetadata(PageEntity).tablePath;

export interface PageCard {
  profileId: string;
  userId: string;
  urlSlug: string;
  name: string;
  /** The fields below come together; a card recorded before they existed has none of them. */
  marathonName?: string | null;
  marathonDate?: string | null;
  platform?: string | null;
  charityId?: string | null;
  eventId?: string | null;
  createdAt?: string;
}

export interface PageTotalsCopy {
  profileId: string;
  urlSlug: string;
  fundsRaised: string;
  fundraisingGoal: string;
  totalDonors: number;
  currency: string;
  totalsVersion: number;
}

/** Community's copy of the pages (`pages`), each part applied only when newer; a deleted page stays deleted. */
@Injectable()
export class PagesRepository {
  /**
   * Stores the card unless a newer one is there or the page is deleted; true when stored. A page first
   * heard of by its card has no totals yet (version -1: its first totals, version 0, apply).
   */
  async applyCard(manager: EntityManager, card: PageCard, changedAt: Date): Promise<boolean> {
    const table = tableOf(manager);
    // A card from before the race, platform, charity and event were told keeps what the copy has of them.
    const full = card.createdAt !== undefined;
    const kept = (column: string) => `${column} = CASE WHEN $12 THEN EXCLUDED.${column} ELSE ${table}.${column} END`;
    const rows: unknown[] = await manager.query(
      `INSERT INTO ${table} (profile_id, user_id, url_slug, name, card_changed_at, funds_raised, fundraising_goal,
         total_donors, currency, totals_version, marathon_name, race_date, platform, charity_id, event_id,
         page_created_at)
       VALUES ($1, $2, $3, $4, $5, 0, 0, 0, 'USD', -1, $6, $7, $8, $9, $10, $11)
       ON CONFLICT (profile_id) DO UPDATE
         SET user_id = EXCLUDED.user_id, url_slug = EXCLUDED.url_slug, name = EXCLUDED.name,
             card_changed_at = EXCLUDED.card_changed_at, ${kept('marathon_name')}, ${kept('race_date')},
             ${kept('platform')}, ${kept('charity_id')}, ${kept('event_id')}, ${kept('page_created_at')}
         WHERE ${table}.deleted_at IS NULL
           AND (${table}.card_changed_at IS NULL OR ${table}.card_changed_at < EXCLUDED.card_changed_at)
       RETURNING profile_id`,
      [
        card.profileId,
        card.userId,
        card.urlSlug,
        card.name,
        changedAt,
        card.marathonName ?? null,
        card.marathonDate ?? null,
        card.platform ?? null,
        card.charityId ?? null,
        card.eventId ?? null,
        card.createdAt ?? null,
        full,
      ],
    );
    return rows.length > 0;
  }

  /** Stores the totals when their version is newer and the page not deleted; true when stored. */
  async applyTotals(manager: EntityManager, totals: PageTotalsCopy): Promise<boolean> {
    const table = tableOf(manager);
    const rows: unknown[] = await manager.query(
      `INSERT INTO ${table} (profile_id, url_slug, funds_raised, fundraising_goal, total_donors, currency, totals_version)
       VALUES ($1, $2, $3, $4, $5, $6, $7)
       ON CONFLICT (profile_id) DO UPDATE
         SET funds_raised = EXCLUDED.funds_raised, fundraising_goal = EXCLUDED.fundraising_goal,
             total_donors = EXCLUDED.total_donors, currency = EXCLUDED.currency, totals_version = EXCLUDED.totals_version
         WHERE ${table}.deleted_at IS NULL AND ${table}.totals_version < EXCLUDED.totals_version
       RETURNING profile_id`,
      [
        totals.profileId,
        totals.urlSlug,
        totals.fundsRaised,
        totals.fundraisingGoal,
        totals.totalDonors,
        totals.currency,
        totals.totalsVersion,
      ],
    );
    return rows.length > 0;
  }

  /** The page is gone: a tombstone without its name, so that no late event brings it back. */
  async markDeleted(manager: EntityManager, profileId: string, urlSlug: string): Promise<void> {
    const table = tableOf(manager);
    await manager.query(
      `INSERT INTO ${table} (profile_id, url_slug, funds_raised, fundraising_goal, total_donors, currency,
         totals_version, deleted_at)
       VALUES ($1, $2, 0, 0, 0, 'USD', 0, now())
       ON CONFLICT (profile_id) DO UPDATE SET deleted_at = coalesce(${table}.deleted_at, now()), name = NULL,
         user_id = NULL`,
      [profileId, urlSlug],
    );
  }

  /** The ids of a runner's pages still there. */
  async liveIdsOfUser(manager: EntityManager, userId: string): Promise<string[]> {
    const rows: { id: string }[] = await manager.query(
      `SELECT profile_id AS id FROM ${tableOf(manager)} WHERE user_id = $1 AND deleted_at IS NULL ORDER BY profile_id`,
      [userId],
    );
    return rows.map((r) => r.id);
  }

  /** The ids of the live pages naming a charity, by their address (one query, an index on `charity_id`). */
  async liveIdsOfCharity(manager: EntityManager, charityId: string): Promise<string[]> {
    const rows: { id: string }[] = await manager.query(
      `SELECT profile_id AS id FROM ${tableOf(manager)} WHERE charity_id = $1 AND deleted_at IS NULL ORDER BY url_slug`,
      [charityId],
    );
    return rows.map((r) => r.id);
  }

  /** The ids of the live pages running an event, by their address (an index on `event_id`). */
  async liveIdsOfEvent(manager: EntityManager, eventId: string): Promise<string[]> {
    const rows: { id: string }[] = await manager.query(
      `SELECT profile_id AS id FROM ${tableOf(manager)} WHERE event_id = $1 AND deleted_at IS NULL ORDER BY url_slug`,
      [eventId],
    );
    return rows.map((r) => r.id);
  }
}
