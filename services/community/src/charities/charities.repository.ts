import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { CharityEntity } from './charity.entity.js';

const tableOf = (manager: EntityManager) => manager.connection.getMetadata(CharityEntity).tablePath;
const COLUMNS = `id, slug, name, website, registered_number AS "registeredNumber", country, mission,
  verified_at AS "verifiedAt", verified_email AS "verifiedEmail", created_at AS "createdAt", updated_at AS "updatedAt"`;

export type CharityRow = CharityEntity;
export type CharityFields = Pick<CharityRow, 'slug' | 'name' | 'website' | 'registeredNumber' | 'country' | 'mission'>;

/** `%`, `_` and `\` taken literally in a LIKE pattern. */
const likeLiteral = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The charities (`charities`). */
@Injectable()
export class CharitiesRepository {
  /** The new charity's row; null when the slug is taken. */
  async insertIfSlugFree(manager: EntityManager, id: string, fields: CharityFields): Promise<CharityRow | null> {
    const rows: CharityRow[] = await manager.query(
      `INSERT INTO ${tableOf(manager)} (id, slug, name, website, registered_number, country, mission)
       VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT (slug) DO NOTHING RETURNING ${COLUMNS}`,
      [id, fields.slug, fields.name, fields.website, fields.registeredNumber, fields.country, fields.mission],
    );
    return rows[0] ?? null;
  }

  async findById(manager: EntityManager, id: string): Promise<CharityRow | null> {
    const rows: CharityRow[] = await manager.query(`SELECT ${COLUMNS} FROM ${tableOf(manager)} WHERE id = $1`, [id]);
    return rows[0] ?? null;
  }

  async findBySlug(manager: EntityManager, slug: string): Promise<CharityRow | null> {
    const rows: CharityRow[] = await manager.query(`SELECT ${COLUMNS} FROM ${tableOf(manager)} WHERE slug = $1`, [
      slug,
    ]);
    return rows[0] ?? null;
  }

  /** The charity's row, locked until the transaction ends: changes to the charity and its staff take turns. */
  async lock(manager: EntityManager, id: string): Promise<CharityRow | null> {
    const rows: CharityRow[] = await manager.query(
      `SELECT ${COLUMNS} FROM ${tableOf(manager)} WHERE id = $1 FOR UPDATE`,
      [id],
    );
    return rows[0] ?? null;
  }

  /** Writes the fields; a new website un-verifies the charity (its domain must prove it again). Null when the slug is taken. */
  async update(manager: EntityManager, id: string, fields: CharityFields): Promise<CharityRow | null> {
    const table = tableOf(manager);
    const taken: unknown[] = await manager.query(`SELECT 1 FROM ${table} WHERE slug = $1 AND id <> $2`, [
      fields.slug,
      id,
    ]);
    if (taken.length > 0) return null;
    const rows: CharityRow[][] = await manager.query(
      `UPDATE ${table} SET slug = $2, name = $3, registered_number = $5, country = $6, mission = $7,
         verified_at = CASE WHEN website = $4 THEN verified_at END,
         verified_email = CASE WHEN website = $4 THEN verified_email END,
         website = $4, updated_at = now()
       WHERE id = $1 RETURNING ${COLUMNS}`,
      [id, fields.slug, fields.name, fields.website, fields.registeredNumber, fields.country, fields.mission],
    );
    return rows[0]?.[0] ?? null;
  }

  async markVerified(manager: EntityManager, id: string, email: string): Promise<void> {
    await manager.query(
      `UPDATE ${tableOf(manager)} SET verified_at = coalesce(verified_at, now()), verified_email = $2, updated_at = now()
        WHERE id = $1`,
      [id, email],
    );
  }

  /** The directory: verified charities first, then by name; `query` matches any part of the name. */
  async directory(
    manager: EntityManager,
    query: string,
    offset: number,
    limit: number,
  ): Promise<{ rows: CharityRow[]; total: number }> {
    const pattern = `%${likeLiteral(query)}%`;
    const rows: (CharityRow & { total: string })[] = await manager.query(
      `SELECT ${COLUMNS}, count(*) OVER () AS total FROM ${tableOf(manager)}
        WHERE $1 = '' OR name ILIKE $2 OR slug ILIKE $2
        ORDER BY (verified_at IS NULL), lower(name), id
        OFFSET $3 LIMIT $4`,
      [query, pattern, offset, limit],
    );
    if (rows.length === 0 && offset > 0) {
      const counted: { total: string }[] = await manager.query(
        `SELECT count(*) AS total FROM ${tableOf(manager)} WHERE $1 = '' OR name ILIKE $2 OR slug ILIKE $2`,
        [query, pattern],
      );
      return { rows: [], total: Number(counted[0].total) };
    }
    return { rows: rows.map(({ total: _total, ...row }) => row), total: Number(rows[0]?.total ?? 0) };
  }
}
