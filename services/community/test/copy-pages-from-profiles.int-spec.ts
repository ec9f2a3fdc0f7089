// Community's former one-time copy of the pages from profiles' schema does nothing now: community
// never reads another schema (decision 22); the pages reach it by profiles' replayed events.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { DataSource } from 'typeorm';
import { CopyPagesFromProfiles1798000000620 } from '../src/database/migrations/1798000000620-CopyPagesFromProfiles.js';

describe("community's former copy of the pages from profiles", () => {
  let community: DataSource;
  let db: pg.Client;

  beforeAll(async () => {
    const { dataSourceOptions } = await import('../src/database/data-source.js');
    community = await new DataSource(dataSourceOptions).initialize();
    db = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await db.connect();
  }, 60_000);

  afterAll(async () => {
    await db?.end();
    await community?.destroy();
  });

  it("reads nothing of profiles' schema and changes nothing of community's", async () => {
    const queries: string[] = [];
    const deleted = randomUUID();
    await db.query(`INSERT INTO profiles.deleted_accounts (account_hash) VALUES (md5($1))`, [deleted]);
    const before = (await db.query(`SELECT count(*)::int AS n FROM community.deleted_accounts`)).rows[0].n;
    await community.transaction(async (manager) => {
      const runner = manager.queryRunner!;
      const query = runner.query.bind(runner);
      runner.query = ((sql: string, ...rest: unknown[]) => {
        queries.push(sql);
        return (query as (...a: unknown[]) => Promise<unknown>)(sql, ...rest);
      }) as typeof runner.query;
      try {
        await new CopyPagesFromProfiles1798000000620().up(runner);
      } finally {
        runner.query = query;
      }
    });
    expect(queries).toEqual([]);
    expect((await db.query(`SELECT count(*)::int AS n FROM community.deleted_accounts`)).rows[0].n).toBe(before);
  });
});
