import { describe, expect, it } from '@jest/globals';
import Stripe from 'stripe';
import { computeSignature, serializeEvent, signatureHeader } from './webhooks.js';
import type { StripeEvent } from './objects/events.js';

const stripe = new Stripe('sk_test_unit', { telemetry: false });
const secret = 'whsec_unit_test';

const event: StripeEvent = {
  id: 'evt_1',
  object: 'event',
  api_version: '2026-10-28.endive',
  created: 1_700_000_000,
  data: { object: { id: 'cs_test_1', object: 'checkout.session' } },
  livemode: false,
  pending_webhooks: 1,
  request: { id: null, idempotency_key: null },
  type: 'checkout.session.completed',
};

describe('webhook signatures', () => {
  it('are accepted by the real stripe.webhooks.constructEvent', () => {
    const payload = serializeEvent(event);
    const header = signatureHeader(payload, secret, Math.floor(Date.now() / 1000));
    const verified = stripe.webhooks.constructEvent(payload, header, secret);
    expect(verified.id).toBe('evt_1');
    expect(verified.type).toBe('checkout.session.completed');
  });

  it('match the SDK test header for the same timestamp', () => {
    const payload = serializeEvent(event);
    const timestamp = 1_700_000_123;
    expect(signatureHeader(payload, secret, timestamp)).toBe(
      stripe.webhooks.generateTestHeaderString({ payload, secret, timestamp }),
    );
  });

  it('fail verification with another secret or a changed body', () => {
    const payload = serializeEvent(event);
    const header = signatureHeader(payload, secret, Math.floor(Date.now() / 1000));
    expect(() => stripe.webhooks.constructEvent(payload, header, 'whsec_other')).toThrow();
    expect(() => stripe.webhooks.constructEvent(payload.replace('evt_1', 'evt_2'), header, secret)).toThrow();
  });

  it('are hex HMAC-SHA256 of "<t>.<payload>"', () => {
    expect(computeSignature('{}', 'k', 1)).toMatch(/^[0-9a-f]{64}$/);
  });
});
