import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import { pino } from 'pino';
import { DataSource } from 'typeorm';
import { EventTablePruner } from '../src/index.js';
import { migrateKitSchema } from './support/kit-schema.js';

const logger = pino({ level: 'silent' });
const DAY = 24 * 60 * 60 * 1000;

/** Issue #13: the outbox and processed-event tables are pruned on a schedule, by one replica at a time. */
describe('pruning the outbox and processed-event tables', () => {
  let db: DataSource;
  let other: DataSource;

  const ago = (ms: number) => new Date(Date.now() - ms);
  const outboxRow = (createdAt: Date, publishedAt: Date | null) =>
    db.query(
      `INSERT INTO evt_prune.outbox (id, type, payload, occurred_at, created_at, published_at)
       VALUES ($1, 'test.happened', '{}', $2, $2, $3) RETURNING id`,
      [randomUUID(), createdAt, publishedAt],
    ) as Promise<{ id: string }[]>;
  const processedRow = async (processedAt: Date) => {
    const id = randomUUID();
    await db.query(`INSERT INTO evt_prune.processed_events (event_id, type, processed_at) VALUES ($1, 'x', $2)`, [
      id,
      processedAt,
    ]);
    return id;
  };
  const outboxIds = async () =>
    ((await db.query('SELECT id FROM evt_prune.outbox')) as { id: string }[]).map((r) => r.id).sort();
  const processedIds = async () =>
    ((await db.query('SELECT event_id FROM evt_prune.processed_events')) as { event_id: string }[])
      .map((r) => r.event_id)
      .sort();

  beforeAll(async () => {
    const options = await migrateKitSchema('evt_prune');
    db = await new DataSource(options).initialize();
    other = await new DataSource(options).initialize();
  });

  afterAll(async () => {
    await other?.destroy();
    await db?.destroy();
  });

  it('deletes published outbox rows older than 7 days and processed ids older than 8, in batches; keeps the rest', async () => {
    await db.query('TRUNCATE evt_prune.outbox, evt_prune.processed_events');
    const oldPublished = await Promise.all(Array.from({ length: 7 }, () => outboxRow(ago(9 * DAY), ago(8 * DAY))));
    const [recentPublished] = await outboxRow(ago(6 * DAY), ago(6 * DAY));
    // Never relayed (NATS was down for long): kept whatever its age, the relay still owes it.
    const [oldUnpublished] = await outboxRow(ago(30 * DAY), null);
    const oldProcessed = await Promise.all(Array.from({ length: 5 }, () => processedRow(ago(8 * DAY + 60_000))));
    // Within the stream's 7 days plus a day: a redelivery must still be recognised.
    const keptProcessed = [await processedRow(ago(7 * DAY + 60_000)), await processedRow(ago(60_000))];
    expect(oldPublished).toHaveLength(7);
    expect(oldProcessed).toHaveLength(5);

    const pruner = new EventTablePruner(db, logger, { pruneBatchSize: 2 });
    expect(await pruner.pruneOnce()).toEqual({ outbox: 7, processedEvents: 5 });
    expect(await outboxIds()).toEqual([recentPublished!.id, oldUnpublished!.id].sort());
    expect(await processedIds()).toEqual([...keptProcessed].sort());
    expect(await pruner.pruneOnce()).toEqual({ outbox: 0, processedEvents: 0 });
  });

  it('skips the pass while another replica holds the schema’s pruning lock', async () => {
    await db.query('TRUNCATE evt_prune.outbox, evt_prune.processed_events');
    await outboxRow(ago(9 * DAY), ago(8 * DAY));
    const holder = other.createQueryRunner();
    await holder.connect();
    try {
      await holder.query(`SELECT pg_advisory_lock(hashtextextended('runpledge.prune-event-tables.evt_prune', 0))`);
      expect(await new EventTablePruner(db, logger).pruneOnce()).toBeNull();
      expect(await outboxIds()).toHaveLength(1);
      await holder.query(`SELECT pg_advisory_unlock(hashtextextended('runpledge.prune-event-tables.evt_prune', 0))`);
      expect(await new EventTablePruner(db, logger).pruneOnce()).toEqual({ outbox: 1, processedEvents: 0 });
    } finally {
      await holder.release();
    }
  });

  it('runs on its schedule once started, and stops', async () => {
    await db.query('TRUNCATE evt_prune.outbox, evt_prune.processed_events');
    await outboxRow(ago(9 * DAY), ago(8 * DAY));
    const pruner = new EventTablePruner(db, logger, { pruneFirstDelayMs: 0, pruneIntervalMs: 50 });
    pruner.start();
    try {
      for (let i = 0; i < 100 && (await outboxIds()).length > 0; i++) await new Promise((r) => setTimeout(r, 50));
      expect(await outboxIds()).toEqual([]);
    } finally {
      await pruner.stop();
    }
  });
});
