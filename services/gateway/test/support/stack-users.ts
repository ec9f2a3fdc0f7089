// Users and pages made through a running stack's own API, for the gateway's integration tests.
import { expect } from '@jest/globals';
import { jetstream } from '@nats-io/jetstream';
import type { NatsConnection } from '@nats-io/transport-node';
import { BILLING_EVENTS } from '@runpledge/contracts';
import { ensureEventStream, eventSubject } from '@runpledge/server-kit';
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { eventually } from '../../../../scripts/jest/helpers.mjs';
import { newSlug, pageBody } from './api-client.js';

/** A new signed-up user and their session cookie; a busy machine's 503 or 504 gets another try. */
export async function signUp(baseUrl: string): Promise<{ id: string; cookie: string }> {
  let res!: Response;
  await eventually(
    async () => {
      res = await fetch(`${baseUrl}/api/auth/signup`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: `runner-${randomUUID()}@example.com`, password: 'Secret123' }),
      });
      expect(res.status).toBe(201);
    },
    { timeoutMs: 60_000, intervalMs: 1_000 },
  );
  const { user } = (await res.json()) as { user: { id: string } };
  return { id: user.id, cookie: res.headers.get('set-cookie')!.split(';')[0]! };
}

/** A page of the cookie's user (not published until they have access). */
export async function createPage(
  baseUrl: string,
  cookie: string,
  overrides: Record<string, unknown> = {},
): Promise<{ id: string; urlSlug: string }> {
  const res = await fetch(`${baseUrl}/api/runner-profile`, {
    method: 'POST',
    headers: { cookie, 'content-type': 'application/json' },
    body: JSON.stringify(pageBody({ urlSlug: newSlug('page'), ...overrides })),
  });
  expect(res.status).toBe(201);
  return ((await res.json()) as { profile: { id: string; urlSlug: string } }).profile;
}

/** Billing's word that the user has access (a trial unless told), which publishes their pages. */
export async function grantAccess(
  nc: NatsConnection,
  userId: string,
  status: 'trialing' | 'active' | 'lifetime' | 'canceled' = 'trialing',
): Promise<void> {
  await ensureEventStream(nc);
  const envelope = {
    id: randomUUID(),
    type: BILLING_EVENTS.subscriptionChanged.type,
    occurredAt: new Date().toISOString(),
    payload: { userId, status, currentPeriodEnd: null },
  };
  await jetstream(nc).publish(eventSubject(envelope.type), JSON.stringify(envelope), { msgID: envelope.id });
}

/**
 * Publishes a domain event as its service's outbox relay would (`id` fixed to test redelivery). A
 * new JetStream message id each time: the stream keeps it, so a repeat reaches the consumer.
 */
export async function publishEvent(nc: NatsConnection, type: string, payload: unknown, id: string = randomUUID()) {
  await ensureEventStream(nc);
  const envelope = { id, type, occurredAt: new Date().toISOString(), payload };
  await jetstream(nc).publish(eventSubject(type), JSON.stringify(envelope), { msgID: randomUUID() });
}

/**
 * Every Strava emulator numbers its athletes from the same start, and the tests of one run share a
 * database: a file that links Strava athletes begins and ends with no links, so none looks taken.
 */
export async function forgetStravaLinks(): Promise<void> {
  const db = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await db.connect();
  try {
    await db.query('TRUNCATE fitness.strava_connections, fitness.activities');
  } finally {
    await db.end();
  }
}
