// A past-due owner's grace runs out with no event to say so: community's worker takes their pages out
// of their groups' standings on its own schedule, and they count again once billing reports a payment.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { jetstream } from '@nats-io/jetstream';
import type { INestApplicationContext, INestMicroservice } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { BILLING_EVENTS, PAST_DUE_GRACE_DAYS } from '@runpledge/contracts';
import { bootstrapService, eventSubject } from '@runpledge/server-kit';
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { DataSource } from 'typeorm';
import { eventually, natsRequester } from '../../../scripts/jest/helpers.mjs';

const DAY_MS = 86_400_000;

describe("the community worker's access-lapse pass", () => {
  let service: INestMicroservice;
  let worker: INestApplicationContext;
  let nats: Awaited<ReturnType<typeof natsRequester>>;
  let db: pg.Client;
  const savedEnv = { ...process.env };

  beforeAll(async () => {
    Object.assign(process.env, {
      REDIS_PREFIX: `${process.env.REDIS_PREFIX ?? 'rp:'}${randomUUID().slice(0, 8)}:`,
      ACCESS_LAPSE_SWEEP_EVERY_SECONDS: '1',
    });
    const { AppModule } = await import('../src/app.module.js');
    const { WorkerModule } = await import('../src/worker.module.js');
    service = await bootstrapService('community', AppModule);
    worker = await NestFactory.createApplicationContext(WorkerModule, { logger: false });
    await worker.init();
    nats = await natsRequester();
    db = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await db.connect();
  }, 60_000);

  afterAll(async () => {
    await db?.end();
    await nats?.close();
    await worker?.close();
    await service?.close();
    process.env = savedEnv;
  });

  const billing = async (userId: string, status: string, currentPeriodEnd: Date | null) => {
    const id = randomUUID();
    const type = BILLING_EVENTS.subscriptionChanged.type;
    const payload = { userId, status, currentPeriodEnd: currentPeriodEnd?.toISOString() ?? null };
    await jetstream(nats.nc).publish(
      eventSubject(type),
      JSON.stringify({ id, type, occurredAt: new Date().toISOString(), payload }),
      { msgID: id },
    );
  };
  const sums = async (groupId: string) =>
    (
      await db.query(
        `SELECT raised, member_count FROM community.standings WHERE group_kind = 'team' AND group_id = $1`,
        [groupId],
      )
    ).rows[0];

  it('takes an owner out when the grace ends, and back in when billing reports them active', async () => {
    const userId = randomUUID();
    const groupId = randomUUID();
    const { StandingsService } = await import('../src/standings/standings.service.js');
    await service.get(DataSource).transaction(async (manager) => {
      const standings = service.get(StandingsService);
      await standings.open(manager, { kind: 'team', id: groupId }, 'USD');
      await standings.join(
        manager,
        { kind: 'team', id: groupId },
        {
          profileId: randomUUID(),
          userId,
          status: 'member',
          joinedAt: new Date(),
          published: true,
          raised: '25.00',
          donors: 1,
          currency: 'USD',
          totalsVersion: 1,
          meters: 0,
          distanceVersion: 0,
        },
      );
    });
    // Past due with three seconds of grace left: still counted when the event is applied.
    await billing(userId, 'past_due', new Date(Date.now() - PAST_DUE_GRACE_DAYS * DAY_MS + 3_000));
    await eventually(async () =>
      expect((await db.query('SELECT 1 FROM community.owner_access WHERE user_id = $1', [userId])).rowCount).toBe(1),
    );
    expect(await sums(groupId)).toEqual({ raised: '25.00', member_count: 1 });
    // No event comes when the grace ends: the worker's pass takes the owner out.
    await eventually(async () => expect(await sums(groupId)).toEqual({ raised: '0.00', member_count: 0 }), {
      timeoutMs: 20_000,
    });
    await billing(userId, 'active', new Date(Date.now() + 30 * DAY_MS));
    await eventually(async () => expect(await sums(groupId)).toEqual({ raised: '25.00', member_count: 1 }));
  });
});
