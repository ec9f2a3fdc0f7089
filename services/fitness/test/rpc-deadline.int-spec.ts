import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { headers } from '@nats-io/transport-node';
import { FITNESS } from '@runpledge/contracts';
import { RPC_DEADLINE_HEADER } from '@runpledge/server-kit';
import { randomUUID } from 'node:crypto';
import { startFitnessHarness, type FitnessHarness } from './fitness-harness.js';

// A request the gateway gave up on (answered 504) must not be applied later by a busy service: it
// once landed after a later, acknowledged edit (a chaos run; docs/operations.md, Runbook).
describe('an RPC past the deadline its caller set', () => {
  let h: FitnessHarness;
  beforeAll(async () => {
    h = await startFitnessHarness();
  }, 60_000);
  afterAll(async () => {
    await h?.close();
  });

  const send = async (data: unknown, deadline: number) => {
    const { nc } = await import('../../../scripts/jest/helpers.mjs').then((m) => m.natsRequester());
    try {
      const subject = `${process.env.NATS_SUBJECT_PREFIX ?? ''}${FITNESS.activities.create}`;
      const hdrs = headers();
      hdrs.set(RPC_DEADLINE_HEADER, String(deadline));
      const msg = await nc.request(subject, JSON.stringify({ pattern: subject, data, id: randomUUID() }), {
        timeout: 10_000,
        headers: hdrs,
      });
      return msg.json<{ response?: unknown; err?: { code: string } }>();
    } finally {
      await nc.close();
    }
  };

  it('is dropped unapplied; one within its deadline is applied', async () => {
    const runner = await h.newRunner();
    const run = (name: string) => ({
      userId: runner.userId,
      name,
      date: '2026-01-15',
      distanceKm: 5,
      durationSeconds: 1500,
    });
    const late = await send(run('late-run'), Date.now() - 1);
    expect(late.err).toMatchObject({ code: 'SERVICE_UNAVAILABLE' });
    const onTime = await send(run('on-time-run'), Date.now() + 10_000);
    expect(onTime.err ?? null).toBeNull();
    expect(await h.countActivities(runner.userId, 'manual')).toBe(1);
    const { rows } = await h.db.query('SELECT name FROM fitness.activities WHERE user_id = $1', [runner.userId]);
    expect(rows).toEqual([{ name: 'on-time-run' }]);
  });
});
