import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { AckPolicy, DeliverPolicy, jetstream, jetstreamManager } from '@nats-io/jetstream';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import {
  BILLING_EVENTS,
  FITNESS_DISTANCE,
  IDENTITY_BROADCASTS,
  IDENTITY_EVENTS,
  PROFILES_EVENTS,
  healthPattern,
} from '@runpledge/contracts';
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { appendFileSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { eventually, freePort, SAMPLE_RUNNER } from '../../../scripts/jest/helpers.mjs';
import { startStack } from '../../../scripts/lib/stack.mjs';
import {
  NATS_PROCESSES,
  consumerDurableName,
  deadLetterStreamName,
  deadLetterSubject,
  ensureDeadLetterStream,
  ensureEventStream,
  eventStreamName,
  eventSubject,
  ensureRevocationStream,
  followStream,
  natsConnectionOptions,
  publishStored,
  revocationStreamName,
  natsServerConfig,
  rpcSubject,
  type NatsProcess,
} from '../src/index.js';

/**
 * Issue #13 item 6: NATS trusts no one by default. A nats-server of its own runs the configuration
 * natsServerConfig generates; a stranger and a wrong service are refused, the right ones work.
 */
describe('NATS users and subject permissions', () => {
  const prefix = 'trust.';
  const stream = eventStreamName(prefix);
  let dir: string;
  let server: ChildProcess;
  let url: string;
  const passwords = Object.fromEntries(NATS_PROCESSES.map((p) => [p, randomBytes(12).toString('hex')])) as Record<
    NatsProcess,
    string
  >;
  const open: NatsConnection[] = [];

  const as = async (process: NatsProcess, password = passwords[process]): Promise<NatsConnection> => {
    const nc = await connect({
      ...natsConnectionOptions({ NATS_URL: url, NATS_USER: process, NATS_PASSWORD: password }),
      name: `test-${process}`,
    });
    open.push(nc);
    return nc;
  };
  /** Resolves to the async errors the server sent this connection (permission violations) within a moment. */
  const errorsOf = (nc: NatsConnection): string[] => {
    const errors: string[] = [];
    void (async () => {
      for await (const status of nc.status()) if (status.type === 'error') errors.push(String(status.error));
    })();
    return errors;
  };

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'rp-nats-trust-'));
    const port = await freePort();
    url = `nats://127.0.0.1:${port}`;
    const configFile = join(dir, 'nats.conf');
    writeFileSync(
      configFile,
      natsServerConfig({ passwords, port, host: '127.0.0.1', prefix, jetStreamDir: join(dir, 'js') }),
    );
    server = spawn('nats-server', ['-c', configFile], { stdio: 'ignore' });
    await eventually(async () => (await connect({ servers: url, user: 'gateway', pass: passwords.gateway })).close(), {
      timeoutMs: 10_000,
    });
    // The stream, as a service creates it when missing.
    await ensureEventStream(await as('identity'), prefix);
  }, 30_000);

  afterAll(async () => {
    await Promise.all(open.map((nc) => nc.close().catch(() => {})));
    server?.kill('SIGTERM');
    await sleep(200);
    rmSync(dir, { recursive: true, force: true });
  });

  it('refuses a stranger without credentials, and a wrong password', async () => {
    await expect(connect({ servers: url })).rejects.toThrow(/Authorization Violation/i);
    await expect(as('identity', 'not-the-password')).rejects.toThrow(/Authorization Violation/i);
  });

  it('lets the gateway call a service and the service answer', async () => {
    const identity = await as('identity');
    identity.subscribe(rpcSubject(healthPattern('identity'), prefix), {
      queue: 'identity',
      callback: (_err, msg) => msg.respond(JSON.stringify({ response: { service: 'identity' } })),
    });
    await identity.flush();
    const gateway = await as('gateway');
    const reply = await gateway.request(rpcSubject(healthPattern('identity'), prefix), '{}', { timeout: 2000 });
    expect(reply.json()).toEqual({ response: { service: 'identity' } });
  });

  it('lets community answer the gateway, while its worker may neither answer nor call community', async () => {
    const community = await as('community');
    community.subscribe(rpcSubject(healthPattern('community'), prefix), {
      queue: 'community',
      callback: (_err, msg) => msg.respond(JSON.stringify({ response: { service: 'community' } })),
    });
    await community.flush();
    const gateway = await as('gateway');
    const reply = await gateway.request(rpcSubject(healthPattern('community'), prefix), '{}', { timeout: 2000 });
    expect(reply.json()).toEqual({ response: { service: 'community' } });

    const worker = await as('community-worker');
    const errors = errorsOf(worker);
    worker.subscribe(rpcSubject('community.>', prefix), { callback: () => {} });
    await worker.flush().catch(() => {});
    await eventually(() => expect(errors.join()).toMatch(/Permissions Violation for Subscription/i));
    await expect(
      worker.request(rpcSubject(healthPattern('community'), prefix), '{}', { timeout: 1000 }),
    ).rejects.toThrow();
  });

  it("refuses profiles calling identity's subject: identity never hears it", async () => {
    let heard = 0;
    const identity = await as('identity');
    identity.subscribe(rpcSubject('identity.sessions.validate', prefix), {
      callback: (_err, msg) => {
        heard++;
        msg.respond(JSON.stringify({ response: { id: 'someone' } }));
      },
    });
    await identity.flush();
    const profiles = await as('profiles');
    const errors = errorsOf(profiles);
    await expect(
      profiles.request(rpcSubject('identity.sessions.validate', prefix), '{"userId":"x"}', { timeout: 1000 }),
    ).rejects.toThrow();
    await eventually(() => expect(errors.join()).toMatch(/Permissions Violation for Publish/i));
    expect(heard).toBe(0);
  });

  it('lets profiles and its worker ask fitness for distances per day, and for nothing else', async () => {
    const fitness = await as('fitness');
    for (const pattern of [FITNESS_DISTANCE.byDay, 'fitness.training-stats.get'])
      fitness.subscribe(rpcSubject(pattern, prefix), {
        queue: 'fitness',
        callback: (_err, msg) => msg.respond(JSON.stringify({ response: { days: [] } })),
      });
    await fitness.flush();
    for (const asker of ['profiles', 'profiles-worker'] as const) {
      const profiles = await as(asker);
      const reply = await profiles.request(rpcSubject(FITNESS_DISTANCE.byDay, prefix), '{}', { timeout: 2000 });
      expect(reply.json()).toEqual({ response: { days: [] } });
      const errors = errorsOf(profiles);
      await expect(
        profiles.request(rpcSubject('fitness.training-stats.get', prefix), '{}', { timeout: 1000 }),
      ).rejects.toThrow();
      await eventually(() => expect(errors.join()).toMatch(/Permissions Violation for Publish/i));
    }
  });

  it('refuses a service listening on another service subjects (impersonating it)', async () => {
    const fitness = await as('fitness');
    const errors = errorsOf(fitness);
    fitness.subscribe(rpcSubject('identity.>', prefix), { callback: () => {} });
    await fitness.flush().catch(() => {});
    await eventually(() => expect(errors.join()).toMatch(/Permissions Violation for Subscription/i));
    const gateway = await as('gateway');
    // The gateway cannot impersonate a service either.
    const gatewayErrors = errorsOf(gateway);
    gateway.subscribe(rpcSubject('billing.>', prefix), { callback: () => {} });
    await gateway.flush().catch(() => {});
    await eventually(() => expect(gatewayErrors.join()).toMatch(/Permissions Violation for Subscription/i));
  });

  it("refuses profiles publishing billing's events; billing publishes its own", async () => {
    const jsm = await jetstreamManager(await as('identity'));
    const before = (await jsm.streams.info(stream)).state.messages;
    const profiles = await as('profiles');
    const forged = JSON.stringify({ id: 'x', type: BILLING_EVENTS.subscriptionChanged.type, payload: {} });
    await expect(
      jetstream(profiles).publish(eventSubject(BILLING_EVENTS.subscriptionChanged.type, prefix), forged, {
        timeout: 1000,
      }),
    ).rejects.toThrow();
    expect((await jsm.streams.info(stream)).state.messages).toBe(before);

    const billing = await as('billing');
    const ack = await jetstream(billing).publish(eventSubject(BILLING_EVENTS.subscriptionChanged.type, prefix), forged);
    expect(ack.stream).toBe(stream);
    expect((await jsm.streams.info(stream)).state.messages).toBe(before + 1);
  });

  it('lets a service consume the events it declares, and refuses a consumer of anything else', async () => {
    const identity = await as('identity');
    await jetstream(identity).publish(
      eventSubject(IDENTITY_EVENTS.userRegistered.type, prefix),
      JSON.stringify({ id: 'e1', type: IDENTITY_EVENTS.userRegistered.type, payload: {} }),
    );
    const profiles = await as('profiles');
    const jsm = await jetstreamManager(profiles);
    const durable = consumerDurableName('profiles', IDENTITY_EVENTS.userRegistered.type, prefix);
    await jsm.consumers.add(stream, {
      durable_name: durable,
      ack_policy: AckPolicy.Explicit,
      deliver_policy: DeliverPolicy.All,
      filter_subject: eventSubject(IDENTITY_EVENTS.userRegistered.type, prefix),
    });
    const consumer = await jetstream(profiles).consumers.get(stream, durable);
    const msg = await consumer.next({ expires: 2000 });
    expect(msg?.subject).toBe(eventSubject(IDENTITY_EVENTS.userRegistered.type, prefix));
    expect(await msg!.ackAck()).toBe(true);

    // fitness does not consume identity's events: it may not read them through a consumer of its own.
    const fitnessJsm = await jetstreamManager(await as('fitness'));
    await expect(
      fitnessJsm.consumers.add(stream, {
        durable_name: consumerDurableName('fitness', IDENTITY_EVENTS.userRegistered.type, prefix),
        ack_policy: AckPolicy.Explicit,
        filter_subject: eventSubject(IDENTITY_EVENTS.userRegistered.type, prefix),
      }),
    ).rejects.toThrow();
  });

  it('lets identity keep its revocations in their stream and the gateway follow it, but not the domain events', async () => {
    const subject = rpcSubject(IDENTITY_BROADCASTS.sessionsRevoked, prefix);
    const identity = await as('identity');
    await ensureRevocationStream(identity, subject, 720, prefix);
    const revoked = JSON.stringify({ userId: randomUUID(), sessionIds: [randomUUID()] });
    await publishStored(identity, subject, revoked);

    const gateway = await as('gateway');
    const seen: string[] = [];
    const follower = followStream(gateway, revocationStreamName(prefix), (data) =>
      seen.push(new TextDecoder().decode(data)),
    );
    await follower.caughtUp;
    expect(seen).toEqual([revoked]);
    await follower.stop();

    // The same ordered consumer on the domain events (e-mails in their payloads) is refused.
    const errors: unknown[] = [];
    const stranger = followStream(gateway, stream, () => {}, {
      onError: (err) => errors.push(err),
      retryMs: 100,
    });
    await eventually(() => expect(errors.length).toBeGreaterThan(0));
    await stranger.stop();
    // And the gateway may not publish a revocation of its own into the stream.
    await expect(publishStored(gateway, subject, revoked, 1000)).rejects.toThrow();
  });

  it("lets a service park its own poison events and nobody else's", async () => {
    const profiles = await as('profiles');
    await ensureDeadLetterStream(profiles, prefix);
    const letter = JSON.stringify({ id: 'p1' });
    const own = await jetstream(profiles).publish(
      deadLetterSubject('profiles', IDENTITY_EVENTS.userRegistered.type, prefix),
      letter,
    );
    expect(own.stream).toBe(deadLetterStreamName(prefix));
    await expect(
      jetstream(profiles).publish(deadLetterSubject('billing', IDENTITY_EVENTS.userRegistered.type, prefix), letter, {
        timeout: 1000,
      }),
    ).rejects.toThrow();
  });

  it('runs the whole product with each process as its own user: requests, events and consumers work', async () => {
    const stack = await startStack({
      env: { ...process.env, NATS_URL: url, NATS_SUBJECT_PREFIX: prefix, NATS_PASSWORDS: JSON.stringify(passwords) },
      port: await freePort(),
      readyTimeoutMs: 120_000,
      log: process.env.TRUST_LOG
        ? (name: string, line: string) => appendFileSync(process.env.TRUST_LOG!, `${name} ${line}\n`)
        : undefined,
    });
    try {
      const json = { 'content-type': 'application/json' };
      const signUp = await fetch(`${stack.url}/api/auth/signup`, {
        method: 'POST',
        headers: json,
        body: JSON.stringify({ email: `trust-${randomBytes(6).toString('hex')}@example.com`, password: 'Secret123' }),
      });
      expect(signUp.status).toBe(201);
      const cookie = signUp.headers.get('set-cookie')!.split(';')[0]!;
      const page = await fetch(`${stack.url}/api/runner-profile`, {
        method: 'POST',
        headers: { ...json, cookie },
        body: JSON.stringify({
          urlSlug: `trust-${randomBytes(4).toString('hex')}`,
          ...SAMPLE_RUNNER,
          donationPlatform: 'other',
          charityLink: 'https://charity.example.org/donate',
          challenges: [],
        }),
      });
      expect(page.status).toBe(201);
      // identity's and profiles' events reach their consumers (profiles, fitness) through the outbox relay.
      const jsm = await jetstreamManager(await as('fitness'));
      await eventually(
        async () => {
          const info = await jsm.consumers.info(
            stream,
            consumerDurableName('fitness', PROFILES_EVENTS.profileCreated.type, prefix),
          );
          expect(info.ack_floor.stream_seq).toBeGreaterThan(0);
          expect(info.num_pending + info.num_ack_pending).toBe(0);
        },
        { timeoutMs: 20_000 },
      );
    } finally {
      await stack.stop();
    }
  }, 180_000);
});
