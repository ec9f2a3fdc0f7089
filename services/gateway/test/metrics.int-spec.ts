import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { IDENTITY, IDENTITY_EVENTS, PROFILES, PROFILES_EVENTS } from '@runpledge/contracts';
import { randomUUID } from 'node:crypto';
import { eventually, freePort } from '../../../scripts/jest/helpers.mjs';
import { freeMetricsPorts, startStack } from '../../../scripts/lib/stack.mjs';
import { pageBody } from './support/api-client.js';
import { grantAccess } from './support/stack-users.js';

// Issue #17: every process serves Prometheus metrics on its own port, and traffic moves them.
jest.setTimeout(60_000);

type Stack = Awaited<ReturnType<typeof startStack>>;
type Ports = Record<string, number>;

/** One sample's value from a Prometheus text page, or undefined when the series is absent. */
function sample(page: string, name: string, labels: Record<string, string>): number | undefined {
  for (const line of page.split('\n')) {
    if (!line.startsWith(`${name}{`)) continue;
    const close = line.lastIndexOf('}');
    const body = line.slice(name.length + 1, close);
    if (Object.entries(labels).every(([k, v]) => body.includes(`${k}="${v}"`))) return Number(line.slice(close + 2));
  }
  return undefined;
}

describe('Prometheus metrics of every process', () => {
  let stack: Stack;
  let ports: Ports;
  let nc: NatsConnection;

  const scrape = async (name: string): Promise<string> => {
    const res = await fetch(`http://127.0.0.1:${ports[name]}/metrics`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/plain');
    return res.text();
  };

  beforeAll(async () => {
    ports = (await freeMetricsPorts()) as Ports;
    stack = await startStack({
      // A busy shared machine: sign-up's password hashing may take longer than the default deadline.
      env: { ...process.env, REDIS_PREFIX: `${process.env.REDIS_PREFIX}metrics:`, RPC_TIMEOUT_MS: '30000' },
      port: await freePort(),
      readyTimeoutMs: 300_000,
      metricsPorts: ports,
      // Start-up failures are worth seeing; the rest of the processes' output is not.
      log: (name: string, line: string) => {
        if (/"level":(50|60)/.test(line)) console.error(name, line);
      },
    });
    nc = await connect({ servers: process.env.NATS_URL });
  }, 330_000);

  afterAll(async () => {
    await nc?.close();
    await stack?.stop();
  });

  it('serves runtime metrics on every process, each on its own port and not on the public one', async () => {
    expect(Object.keys(ports).sort()).toEqual(
      [
        'billing',
        'community',
        'community-worker',
        'fitness',
        'fitness-worker',
        'gateway',
        'identity',
        'profiles',
        'profiles-worker',
      ].sort(),
    );
    for (const name of Object.keys(ports)) {
      const page = await scrape(name);
      expect(sample(page, 'process_cpu_user_seconds_total', { service: name })).toBeGreaterThan(0);
      expect(sample(page, 'db_pool_connections', { service: name, state: 'total' })).toBeDefined();
    }
    expect((await fetch(`${stack.url}/metrics`)).headers.get('content-type')).not.toContain('openmetrics');
    expect(await (await fetch(`${stack.url}/metrics`)).text()).not.toContain('process_cpu_user_seconds_total');
  });

  it('counts requests, RPCs, events, webhooks and queues after traffic', async () => {
    const before = {
      gateway: await scrape('gateway'),
      identity: await scrape('identity'),
      profiles: await scrape('profiles'),
      fitness: await scrape('fitness'),
    };
    const count = (page: string, name: string, labels: Record<string, string>) => sample(page, name, labels) ?? 0;

    // A sign-up: gateway → identity, then identity.user.registered → profiles' consumer.
    const signup = await fetch(`${stack.url}/api/auth/signup`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: `metrics-${randomUUID()}@example.com`, password: 'Secret123' }),
    });
    expect(signup.status).toBe(201);
    const cookie = signup.headers.get('set-cookie')!.split(';')[0]!;
    const { user } = (await signup.json()) as { user: { id: string } };
    await grantAccess(nc, user.id);
    // A page: gateway → profiles, then profiles.profile.created → fitness' consumer.
    const slug = `metrics-${Date.now().toString(36)}`;
    const created = await fetch(`${stack.url}/api/runner-profile`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie },
      body: JSON.stringify(pageBody({ urlSlug: slug, challenges: [] })),
    });
    expect(created.status).toBe(201);
    // Ten different unknown pages: one route template, never ten series.
    for (let i = 0; i < 10; i += 1) {
      expect((await fetch(`${stack.url}/api/runner-profile/nobody-${randomUUID()}`)).status).toBe(404);
    }
    // A Stripe webhook without a signature: rejected, and counted as such.
    const webhook = await fetch(`${stack.url}/api/webhooks/stripe`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    expect(webhook.status).toBe(400);

    await eventually(
      async () => {
        const profiles = await scrape('profiles');
        expect(
          count(profiles, 'events_deliveries_total', { type: IDENTITY_EVENTS.userRegistered.type, outcome: 'handled' }),
        ).toBeGreaterThan(
          count(before.profiles, 'events_deliveries_total', {
            type: IDENTITY_EVENTS.userRegistered.type,
            outcome: 'handled',
          }),
        );
        const fitness = await scrape('fitness');
        expect(
          count(fitness, 'events_deliveries_total', { type: PROFILES_EVENTS.profileCreated.type, outcome: 'handled' }),
        ).toBeGreaterThan(
          count(before.fitness, 'events_deliveries_total', {
            type: PROFILES_EVENTS.profileCreated.type,
            outcome: 'handled',
          }),
        );
        expect(sample(fitness, 'events_consumer_pending', { type: PROFILES_EVENTS.profileCreated.type })).toBe(0);
      },
      { timeoutMs: 20_000 },
    );

    const gateway = await scrape('gateway');
    const route = { route: '/api/runner-profile/:slug', method: 'GET', status: '404' };
    expect(count(gateway, 'http_request_duration_seconds_count', route)).toBeGreaterThanOrEqual(
      count(before.gateway, 'http_request_duration_seconds_count', route) + 10,
    );
    expect(gateway).not.toContain('nobody-');
    const signupRoute = { route: '/api/auth/signup', method: 'POST', status: '201' };
    expect(count(gateway, 'http_request_duration_seconds_count', signupRoute)).toBeGreaterThan(
      count(before.gateway, 'http_request_duration_seconds_count', signupRoute),
    );
    expect(sample(gateway, 'http_request_duration_seconds_bucket', { ...signupRoute, le: '+Inf' })).toBeGreaterThan(0);
    const clientCall = { pattern: PROFILES.profile.create, outcome: 'ok' };
    expect(count(gateway, 'rpc_client_duration_seconds_count', clientCall)).toBeGreaterThan(
      count(before.gateway, 'rpc_client_duration_seconds_count', clientCall),
    );
    const webhookRejected = { provider: 'stripe', outcome: 'rejected' };
    expect(count(gateway, 'webhook_events_total', webhookRejected)).toBeGreaterThan(
      count(before.gateway, 'webhook_events_total', webhookRejected),
    );

    const identity = await scrape('identity');
    const served = { pattern: IDENTITY.auth.signUp, outcome: 'ok' };
    expect(count(identity, 'rpc_server_duration_seconds_count', served)).toBeGreaterThan(
      count(before.identity, 'rpc_server_duration_seconds_count', served),
    );
    const profiles = await scrape('profiles');
    const notFound = { pattern: PROFILES.profile.getBySlug, outcome: 'rejected' };
    expect(count(profiles, 'rpc_server_duration_seconds_count', notFound)).toBeGreaterThanOrEqual(
      count(before.profiles, 'rpc_server_duration_seconds_count', notFound) + 10,
    );

    // The workers report their queues at every scrape.
    for (const [worker, queue] of [
      ['fitness-worker', 'strava-sync'],
      ['profiles-worker', 'totals-sync'],
      ['community-worker', 'community-sweeps'],
    ]) {
      const page = await scrape(worker!);
      expect(page).toMatch(new RegExp(`bullmq_queue_jobs\\{[^}]*queue="${queue}"[^}]*state="waiting"`));
    }
  });
});
