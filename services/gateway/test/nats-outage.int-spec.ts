// The gateway's RPC client while NATS is down (its own nats-server, stopped and started here):
// every call is a 503 at once, a call waiting when the link drops ends with 503 then, and calls
// work again after the broker returns. Before: each call waited its whole deadline and was a 504.
// Each call below is given a 30 s deadline, so a 503 (not a 504) proves it ended on the client's own
// knowledge of the link, not on a clock; no bound here depends on how loaded the machine is.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { HttpException } from '@nestjs/common';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { healthPattern } from '@runpledge/contracts';
import { rpcSubject } from '@runpledge/server-kit';
import { eventually } from '../../../scripts/jest/helpers.mjs';
import { startOwnNats } from '../../../scripts/lib/own-infra.mjs';

type OwnNats = Awaited<ReturnType<typeof startOwnNats>>;
type Client = InstanceType<(typeof import('../src/nats/nats-rpc.client.js'))['NatsRpcClient']>;

describe('NatsRpcClient while NATS is down', () => {
  let nats: OwnNats;
  let client: Client;
  let responder: NatsConnection | undefined;
  const savedUrl = process.env.NATS_URL;

  // Two typed patterns (the gateway calls only those): identity answers its ping, billing never does.
  const echo = healthPattern('identity');
  const slow = healthPattern('billing');
  const pong = { service: 'identity', status: 'ok', uptimeSeconds: 1 };

  async function startResponders() {
    responder = await connect({ servers: nats.url, maxReconnectAttempts: -1, reconnectTimeWait: 200 });
    responder.subscribe(rpcSubject(echo), {
      callback: (_err, msg) => msg.respond(JSON.stringify({ response: pong, isDisposed: true })),
    });
    responder.subscribe(rpcSubject(slow), { callback: () => undefined });
  }

  const statusOf = async (call: Promise<unknown>) => {
    const started = Date.now();
    try {
      await call;
      return { status: 200, ms: Date.now() - started };
    } catch (err) {
      return { status: err instanceof HttpException ? err.getStatus() : -1, ms: Date.now() - started };
    }
  };

  beforeAll(async () => {
    nats = await startOwnNats();
    process.env.NATS_URL = nats.url;
    // The client reads NATS_URL when its module loads.
    const { NatsRpcClient } = await import('../src/nats/nats-rpc.client.js');
    client = new NatsRpcClient();
    await client.onModuleInit();
    await startResponders();
  });

  afterAll(async () => {
    await responder?.close();
    await client?.onApplicationShutdown().catch(() => undefined);
    await nats?.remove();
    process.env.NATS_URL = savedUrl;
  });

  it('answers 503 at once while down, ends a waiting call with 503 when the link drops, and recovers', async () => {
    expect(await client.call(echo, {})).toEqual(pong);

    const deadline = 30_000;
    const waiting = statusOf(client.call(slow, {}, deadline));
    await new Promise((resolve) => setTimeout(resolve, 200));
    await nats.stop();
    const ended = await waiting;
    expect(ended.status).toBe(503);
    expect(ended.ms).toBeLessThan(deadline);
    expect(client.connected).toBe(false);

    const whileDown = [];
    for (let i = 0; i < 20; i++) whileDown.push(await statusOf(client.call(echo, {}, deadline)));
    expect(whileDown.map((r) => r.status)).toEqual(Array(20).fill(503));

    await nats.start();
    await eventually(async () => expect(await client.call(echo, {}, 1_000)).toEqual(pong), {
      timeoutMs: 20_000,
      intervalMs: 50,
    });
    expect(client.connected).toBe(true);
  }, 120_000);
});
