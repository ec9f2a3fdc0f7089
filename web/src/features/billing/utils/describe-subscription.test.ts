// @vitest-environment node
import type { SubscriptionCheck } from '@runpledge/contracts';
import { describe, expect, it } from 'vitest';
import { describeSubscription } from './describe-subscription';

const now = new Date('2026-11-24T12:00:00Z');
const check = (overrides: Partial<SubscriptionCheck>): SubscriptionCheck => ({
  status: 'none',
  hasAccess: false,
  lifetimeAccess: false,
  trialEndsAt: null,
  currentPeriodEnd: null,
  ...overrides,
});

describe('describeSubscription', () => {
  it('counts the trial days left and names the first charge', () => {
    const summary = describeSubscription(
      check({ status: 'trialing', hasAccess: true, trialEndsAt: '2026-12-04T12:00:00Z' }),
      now,
    );
    expect(summary.title).toBe('Free trial: 10 days left');
    expect(summary.detail).toContain('Your first charge of $5.00 is on December 4, 2026');
    expect(summary.canManage).toBe(true);
  });

  it('says one day, not one days', () => {
    expect(describeSubscription(check({ status: 'trialing', trialEndsAt: '2026-11-25T11:00:00Z' }), now).title).toBe(
      'Free trial: 1 day left',
    );
  });

  it('gives the next charge date and amount of an active subscription', () => {
    const summary = describeSubscription(
      check({ status: 'active', hasAccess: true, currentPeriodEnd: '2027-01-02T00:00:00Z' }),
      now,
    );
    expect(summary).toMatchObject({ title: 'Active', canManage: true, canSubscribe: false });
    expect(summary.detail).toMatch(/^Next charge: \$5\.00 on January [12], 2027\.$/);
  });

  it('shows lifetime access without billing', () => {
    expect(
      describeSubscription(check({ status: 'lifetime', hasAccess: true, lifetimeAccess: true }), now),
    ).toMatchObject({ title: 'Lifetime access', canManage: false, canSubscribe: false });
  });

  it('warns about a failed payment with the end of the grace period', () => {
    const summary = describeSubscription(
      check({ status: 'past_due', hasAccess: true, currentPeriodEnd: '2026-11-20T12:00:00Z' }),
      now,
    );
    expect(summary.tone).toBe('warning');
    expect(summary.detail).toContain('they stay live until November 27, 2026');
  });

  it('offers to subscribe when there is no subscription or it ended', () => {
    expect(describeSubscription(check({}), now)).toMatchObject({ canSubscribe: true, canManage: false });
    expect(describeSubscription(check({ status: 'canceled' }), now)).toMatchObject({ canSubscribe: true });
  });
});
