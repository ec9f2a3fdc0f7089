// Issue #15 (revocation durability): a sign-out whose broadcast cannot reach NATS (identity's event
// connection cut for longer than the client buffers) is delivered from identity's outbox once NATS
// is back, so every gateway replica refuses the signed-out access token afterwards.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import { createServer, connect as tcpConnect, type Server, type Socket } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { eventually, freePort } from '../../../scripts/jest/helpers.mjs';
import { startProcess, startStack, waitForReady } from '../../../scripts/lib/stack.mjs';

type Stack = Awaited<ReturnType<typeof startStack>>;

/**
 * A TCP proxy in front of NATS that can cut the connections a client names (`CONNECT {"name":…}`):
 * those sockets close, and while cut, new ones with that name close as soon as they say who they are.
 */
class NatsCutter {
  private readonly cut = new Set<string>();
  private readonly open = new Map<Socket, string>();
  private server: Server | undefined;

  constructor(private readonly target: URL) {}

  async listen(): Promise<string> {
    this.server = createServer((client) => this.accept(client));
    const port = await freePort();
    await new Promise<void>((resolve) => this.server!.listen(port, '127.0.0.1', resolve));
    return `nats://127.0.0.1:${port}`;
  }

  private accept(client: Socket): void {
    const upstream = tcpConnect(Number(this.target.port || 4222), this.target.hostname);
    const closeBoth = () => {
      client.destroy();
      upstream.destroy();
      this.open.delete(client);
    };
    client.on('error', closeBoth).on('close', closeBoth);
    upstream.on('error', closeBoth).on('close', closeBoth);
    upstream.pipe(client);
    let head = '';
    const sniff = (chunk: Buffer) => {
      head += chunk.toString('latin1');
      const line = head.match(/^CONNECT (\{.*?\})\r\n/);
      if (!line && head.length < 64 * 1024) return;
      client.off('data', sniff);
      const name = line ? String((JSON.parse(line[1]!) as { name?: string }).name ?? '') : '';
      if (this.cut.has(name)) return closeBoth();
      this.open.set(client, name);
      upstream.write(Buffer.from(head, 'latin1'));
      client.pipe(upstream);
    };
    client.on('data', sniff);
  }

  block(name: string): void {
    this.cut.add(name);
    for (const [socket, socketName] of this.open) if (socketName === name) socket.destroy();
  }

  unblock(name: string): void {
    this.cut.delete(name);
  }

  async close(): Promise<void> {
    for (const socket of this.open.keys()) socket.destroy();
    await new Promise((resolve) => this.server?.close(resolve));
  }
}

describe("revocations go through identity's outbox", () => {
  let stack: Stack;
  let identity: ReturnType<typeof startProcess>;
  let second: ReturnType<typeof startProcess>;
  let secondUrl: string;
  const cutter = new NatsCutter(new URL((process.env.NATS_URL ?? 'nats://127.0.0.1:4222').split(',')[0]!));

  beforeAll(async () => {
    stack = await startStack({
      env: { ...process.env, RPC_TIMEOUT_MS: '20000' },
      port: await freePort(),
      readyTimeoutMs: 180_000,
    });
    // identity again, reaching NATS through the cutter (its RPC and its event connection alike).
    await stack.processes.get('identity')!.stop();
    identity = startProcess('identity', {
      ...stack.env,
      NATS_URL: await cutter.listen(),
      DB_APPLICATION_NAME: 'identity',
    });
    stack.processes.set('identity', identity);
    const port = await freePort();
    second = startProcess('gateway', { ...stack.env, PORT: String(port) });
    secondUrl = `http://127.0.0.1:${port}`;
    await Promise.all([waitForReady(stack.url, 120_000), waitForReady(secondUrl, 120_000)]);
  }, 330_000);

  afterAll(async () => {
    await second?.stop();
    await stack?.stop();
    await cutter.close();
  });

  const me = (base: string, cookie: string) => fetch(`${base}/api/auth/me`, { headers: { cookie } });

  it('a sign-out made while identity could not reach NATS is refused on another replica once NATS is back', async () => {
    const signup = await fetch(`${stack.url}/api/auth/signup`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: `cut-${randomUUID()}@example.com`, password: 'Secret123' }),
    });
    expect(signup.status).toBe(201);
    const cookies = signup.headers.getSetCookie().map((line) => line.split(';')[0]!);
    const access = cookies.find((pair) => /^(__Host-)?rp_access=/.test(pair))!;
    const all = cookies.join('; ');
    expect((await me(secondUrl, access)).status).toBe(200);

    // identity's event connection (the one that broadcasts) goes; its RPC connection stays.
    cutter.block('identity-events');
    const out = await fetch(`${stack.url}/api/auth/signout`, { method: 'POST', headers: { cookie: all } });
    expect(out.status).toBe(200);
    // Longer than the client keeps what it could not send (it drops it on every reconnect attempt).
    await sleep(5000);
    cutter.unblock('identity-events');

    await eventually(async () => expect((await me(secondUrl, access)).status).toBe(401), { timeoutMs: 20_000 });
  }, 90_000);
});
