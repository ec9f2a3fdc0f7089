import { describe, expect, it, jest } from '@jest/globals';
import type { DomainEvents } from '@runpledge/server-kit';
import type { Logger } from 'pino';
import type { StripeClient } from '../stripe/stripe.client.js';
import type { RunnerAccess } from './runner-access.service.js';
import type { SubscriptionEntity } from './subscription.entity.js';
import type { SubscriptionsRepository } from './subscriptions.repository.js';
import { SubscriptionsService } from './subscriptions.service.js';

const USER = '5b4a3c1e-8f2d-4e6a-9b7c-0d1e2f3a4b5c';

function stripeSubscription(status: 'trialing' | 'active') {
  return {
    id: 'sub_1',
    status,
    customer: 'cus_1',
    trial_end: null,
    ended_at: null,
    metadata: { userId: USER },
    items: { data: [{ current_period_start: 1_700_000_000, current_period_end: 1_702_592_000 }] },
  };
}

/**
 * The runner's row as the database holds it, changed by `elsewhere` between each read and lock
 * while `racing` lasts; the order of calls shows whether Stripe was called under the lock.
 */
function harness({ racing }: { racing: number }) {
  const calls: string[] = [];
  let row: SubscriptionEntity = {
    userId: USER,
    status: 'none',
    stripeCustomerId: 'cus_1',
    stripeSubscriptionId: null,
    trialEndsAt: null,
    currentPeriodEnd: null,
    updatedAt: new Date(),
  };
  let raced = 0;
  const repository = {
    isLiveAccount: jest.fn(async () => true),
    findByUserId: jest.fn(async () => ({ ...row })),
    lockByUserId: jest.fn(async () => {
      if (raced < racing) {
        raced++;
        row = { ...row, status: raced % 2 ? 'trialing' : 'none' };
      }
      calls.push('lock');
      return { ...row };
    }),
    save: jest.fn(async (_manager: unknown, saved: SubscriptionEntity) => {
      row = { ...saved };
    }),
    delete: jest.fn(),
  };
  const stripe = {
    retrieveSubscription: jest.fn(async () => {
      calls.push('stripe');
      return stripeSubscription('active');
    }),
  };
  const events = {
    transaction: jest.fn(async (work: (manager: unknown) => Promise<unknown>) => {
      calls.push('begin');
      try {
        return await work({});
      } finally {
        calls.push('commit');
      }
    }),
    record: jest.fn(async () => undefined),
  };
  const logger = { warn: jest.fn(), error: jest.fn() };
  const access = {
    current: jest.fn(async () => ({ status: row.status, currentPeriodEnd: row.currentPeriodEnd })),
    recordIfChanged: jest.fn(async () => undefined),
  };
  const service = new SubscriptionsService(
    repository as unknown as SubscriptionsRepository,
    stripe as unknown as StripeClient,
    events as unknown as DomainEvents,
    access as unknown as RunnerAccess,
    logger as unknown as Logger,
  );
  return { service, calls, row: () => row, stripe, events: { ...events, record: access.recordIfChanged } };
}

describe('SubscriptionsService.syncFromStripe', () => {
  it('reads Stripe before it opens the transaction that locks the row, then applies', async () => {
    const { service, calls, row } = harness({ racing: 0 });
    await service.syncFromStripe(USER, 'sub_1');
    expect(calls).toEqual(['stripe', 'begin', 'lock', 'commit']);
    expect(row()).toMatchObject({ status: 'active', stripeSubscriptionId: 'sub_1' });
  });

  it('reads Stripe again when the row changed between its read and the lock', async () => {
    const { service, calls, row } = harness({ racing: 1 });
    await service.syncFromStripe(USER, 'sub_1');
    expect(calls).toEqual(['stripe', 'begin', 'lock', 'commit', 'stripe', 'begin', 'lock', 'commit']);
    expect(row()).toMatchObject({ status: 'active' });
  });

  it('gives up with a retriable 503 when the row changes after each of 3 reads, applying nothing', async () => {
    const { service, stripe, events } = harness({ racing: 3 });
    await expect(service.syncFromStripe(USER, 'sub_1')).rejects.toMatchObject({ code: 'SERVICE_UNAVAILABLE' });
    expect(stripe.retrieveSubscription).toHaveBeenCalledTimes(3);
    expect(events.record).not.toHaveBeenCalled();
  });
});
