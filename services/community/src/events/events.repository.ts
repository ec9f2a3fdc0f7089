import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { EventEntity } from './event.entity.js';

const tableOf = (manager: EntityManager) => manager.connection.getMetadata(EventEntity).tablePath;

const COLUMNS = `id, slug, name, name_key AS "nameKey", search_text AS "searchText", city, country,
  to_char(date, 'YYYY-MM-DD') AS date, time_zone AS "timeZone", verified, merged_into AS "mergedInto",
  version::float8 AS version, created_at AS "createdAt", updated_at AS "updatedAt"`;

export interface EventSearch {
  /** Every word must appear in the event's name or city. */
  words: string[];
  from: string;
  to?: string;
  offset: number;
  limit: number;
}

/** The events directory (`events`): live events, and merged ones pointing at where their pages went. */
@Injectable()
export class EventsRepository {
  async insert(manager: EntityManager, event: Omit<EventEntity, 'createdAt' | 'updatedAt'>): Promise<void> {
    await manager.query(
      `INSERT INTO ${tableOf(manager)} (id, slug, name, name_key, search_text, city, country, date, time_zone,
         verified, merged_into, version)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)`,
      [
        event.id,
        event.slug,
        event.name,
        event.nameKey,
        event.searchText,
        event.city,
        event.country,
        event.date,
        event.timeZone,
        event.verified,
        event.mergedInto,
        event.version,
      ],
    );
  }

  async findById(manager: EntityManager, id: string): Promise<EventEntity | null> {
    const rows: EventEntity[] = await manager.query(`SELECT ${COLUMNS} FROM ${tableOf(manager)} WHERE id = $1`, [id]);
    return rows[0] ?? null;
  }

  async findBySlug(manager: EntityManager, slug: string): Promise<EventEntity | null> {
    const rows: EventEntity[] = await manager.query(`SELECT ${COLUMNS} FROM ${tableOf(manager)} WHERE slug = $1`, [
      slug,
    ]);
    return rows[0] ?? null;
  }

  /** The row locked until the transaction ends. */
  async lock(manager: EntityManager, id: string): Promise<EventEntity | null> {
    const rows: EventEntity[] = await manager.query(
      `SELECT ${COLUMNS} FROM ${tableOf(manager)} WHERE id = $1 FOR UPDATE`,
      [id],
    );
    return rows[0] ?? null;
  }

  /** The live events of a day, oldest first (the first made wins a tie). */
  async liveOn(manager: EntityManager, date: string): Promise<EventEntity[]> {
    return manager.query(
      `SELECT ${COLUMNS} FROM ${tableOf(manager)} WHERE date = $1 AND merged_into IS NULL ORDER BY created_at, id`,
      [date],
    );
  }

  async slugTaken(manager: EntityManager, slug: string): Promise<boolean> {
    const rows: unknown[] = await manager.query(`SELECT 1 FROM ${tableOf(manager)} WHERE slug = $1`, [slug]);
    return rows.length > 0;
  }

  /** Live events matching the search, soonest first, and how many match in all. */
  async search(manager: EntityManager, search: EventSearch): Promise<{ events: EventEntity[]; count: number }> {
    const params: unknown[] = [search.from];
    const where = [`merged_into IS NULL`, `date >= $1`];
    if (search.to) {
      params.push(search.to);
      where.push(`date <= $${params.length}`);
    }
    for (const word of search.words) {
      // Words are letters and digits only (eventNameWords): nothing to escape for LIKE.
      params.push(`%${word}%`);
      where.push(`search_text LIKE $${params.length}`);
    }
    const condition = where.join(' AND ');
    const table = tableOf(manager);
    const [events, counted] = await Promise.all([
      manager.query(
        `SELECT ${COLUMNS} FROM ${table} WHERE ${condition} ORDER BY date, name, id
         OFFSET $${params.length + 1} LIMIT $${params.length + 2}`,
        [...params, search.offset, search.limit],
      ) as Promise<EventEntity[]>,
      manager.query(`SELECT count(*)::int AS count FROM ${table} WHERE ${condition}`, params) as Promise<
        { count: number }[]
      >,
    ]);
    return { events, count: counted[0]?.count ?? 0 };
  }

  async update(
    manager: EntityManager,
    id: string,
    changes: Partial<
      Pick<EventEntity, 'name' | 'nameKey' | 'searchText' | 'city' | 'country' | 'timeZone' | 'verified' | 'mergedInto'>
    >,
  ): Promise<void> {
    await manager
      .createQueryBuilder()
      .update(EventEntity)
      .set({ ...changes, version: () => 'version + 1', updatedAt: () => 'now()' })
      .where('id = :id', { id })
      .execute();
  }
}
