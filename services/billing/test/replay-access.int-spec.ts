// Billing tells every account's access again once (a migration), so that copies kept by other
// services fill from events alone: the state as it is, in the event readers already take.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { BILLING_EVENTS } from '@runpledge/contracts';
import { randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import { ReplayAccess1799000000300 } from '../src/database/migrations/1799000000300-ReplayAccess.js';

describe("billing's replay of every account's access", () => {
  let billing: DataSource;

  beforeAll(async () => {
    const { dataSourceOptions } = await import('../src/database/data-source.js');
    billing = await new DataSource(dataSourceOptions).initialize();
  });
  afterAll(() => billing?.destroy());

  const told = async (userId: string) =>
    (
      await billing.query(`SELECT payload FROM billing.outbox WHERE type = $1 AND payload->>'userId' = $2`, [
        BILLING_EVENTS.subscriptionChanged.type,
        userId,
      ])
    ).map((row: { payload: unknown }) => row.payload);

  it('tells each subscription as it is, in a form every reader accepts', async () => {
    const active = randomUUID();
    const lifetime = randomUUID();
    await billing.query(
      `INSERT INTO billing.subscriptions (user_id, status, current_period_end)
       VALUES ($1, 'active', '2031-05-06T07:08:09.123Z'), ($2, 'lifetime', NULL)`,
      [active, lifetime],
    );
    await billing.transaction((manager) => new ReplayAccess1799000000300().up(manager.queryRunner!));

    expect(await told(active)).toEqual([
      { userId: active, status: 'active', currentPeriodEnd: '2031-05-06T07:08:09.123Z' },
    ]);
    expect(await told(lifetime)).toEqual([{ userId: lifetime, status: 'lifetime', currentPeriodEnd: null }]);
    for (const payload of [...(await told(active)), ...(await told(lifetime))]) {
      expect(BILLING_EVENTS.subscriptionChanged.schema.safeParse(payload).success).toBe(true);
    }
  });

  it('is idempotent in effect: a second run tells the same state again, nothing else', async () => {
    const userId = randomUUID();
    await billing.query(`INSERT INTO billing.subscriptions (user_id, status) VALUES ($1, 'trialing')`, [userId]);
    await billing.transaction((manager) => new ReplayAccess1799000000300().up(manager.queryRunner!));
    await billing.transaction((manager) => new ReplayAccess1799000000300().up(manager.queryRunner!));
    const payloads = await told(userId);
    expect(payloads).toHaveLength(2);
    expect(new Set(payloads.map((p) => JSON.stringify(p))).size).toBe(1);
  });
});
