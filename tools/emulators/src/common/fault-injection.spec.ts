import { afterEach, describe, expect, it } from '@jest/globals';
import { request as httpRequest } from 'node:http';
import { FaultInjector, registerFaultRoutes } from './fault-injection.js';
import { json, Router, startHttpServer, type RunningServer } from './http.js';
import { silentLogger } from './logger.js';

const call = { method: 'GET', path: '/api/v3/athlete' };

describe('FaultInjector', () => {
  it('faults the next N matching calls, then lets calls through', () => {
    const faults = new FaultInjector();
    faults.add({ kind: 'status', status: 429, times: 2 });
    expect(faults.take(call)?.status).toBe(429);
    expect(faults.take(call)?.status).toBe(429);
    expect(faults.take(call)).toBeUndefined();
    expect(faults.list()).toEqual([]);
  });

  it('faults a share of the calls', () => {
    let n = 0;
    const faults = new FaultInjector({ random: () => [0.1, 0.9, 0.2, 0.7][n++ % 4]! });
    faults.add({ kind: 'status', status: 503, rate: 0.5 });
    const hits = [0, 1, 2, 3].map(() => faults.take(call) !== undefined);
    expect(hits).toEqual([true, false, true, false]);
  });

  it('matches path prefix and method, never the emulator controls', () => {
    const faults = new FaultInjector();
    faults.add({ kind: 'drop', path: '/v1/checkout', method: 'post' });
    expect(faults.take({ method: 'GET', path: '/v1/checkout/sessions' })).toBeUndefined();
    expect(faults.take({ method: 'POST', path: '/v1/customers' })).toBeUndefined();
    expect(faults.take({ method: 'POST', path: '/v1/checkout/sessions' })?.kind).toBe('drop');
    faults.add({ kind: 'status' });
    expect(faults.take({ method: 'POST', path: '/_emulator/reset' })).toBeUndefined();
  });

  it('rejects rules that make no sense', () => {
    const faults = new FaultInjector();
    expect(() => faults.add({ kind: 'status', status: 200 })).toThrow('status must be an integer from 400 to 599');
    expect(() => faults.add({ kind: 'status', rate: 0 })).toThrow('rate must be a share');
    expect(() => faults.add({ kind: 'explode' as never })).toThrow('kind must be');
  });
});

describe('fault routes over HTTP', () => {
  let server: RunningServer | undefined;
  afterEach(async () => {
    await server?.close();
  });

  async function start(faults: FaultInjector) {
    const router = new Router().get('/hello', () => json(200, { ok: true }));
    registerFaultRoutes(router, faults);
    server = await startHttpServer({ host: '127.0.0.1', port: 0, name: 't', logger: silentLogger }, router, {
      notFound: () => json(404, {}),
      around: (req, next) => faults.around(req, next),
    });
    return server;
  }

  it('answers an injected status with Retry-After, drops and hangs connections, all armed over HTTP', async () => {
    const faults = new FaultInjector({ errorBody: (status) => ({ message: `boom ${status}` }) });
    const { url } = await start(faults);
    const armed = await fetch(`${url}/_emulator/faults`, {
      method: 'POST',
      body: JSON.stringify({
        rules: [
          { kind: 'status', status: 429, times: 1 },
          { kind: 'drop', times: 1 },
        ],
      }),
    });
    expect(armed.status).toBe(200);
    const limited = await fetch(`${url}/hello`);
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBe('15');
    expect(await limited.json()).toEqual({ message: 'boom 429' });
    await expect(fetch(`${url}/hello`)).rejects.toThrow();
    expect((await fetch(`${url}/hello`)).status).toBe(200);

    await fetch(`${url}/_emulator/faults`, { method: 'POST', body: JSON.stringify({ kind: 'hang', ms: 10_000 }) });
    const started = Date.now();
    const hung = await new Promise<string>((resolve) => {
      const req = httpRequest(`${url}/hello`, { timeout: 300 }, () => resolve('answered'));
      req.on('timeout', () => {
        req.destroy();
        resolve('timed out');
      });
      req.on('error', () => resolve('error'));
      req.end();
    });
    expect(hung).toBe('timed out');
    expect(Date.now() - started).toBeLessThan(2_000);
    expect((await fetch(`${url}/_emulator/faults`, { method: 'DELETE' })).status).toBe(200);
    expect((await fetch(`${url}/hello`)).status).toBe(200);
    const bad = await fetch(`${url}/_emulator/faults`, { method: 'POST', body: '{"kind":"status","status":99}' });
    expect(bad.status).toBe(400);
  });

  it('delays matching calls, then answers them as usual', async () => {
    const faults = new FaultInjector();
    const { url } = await start(faults);
    await fetch(`${url}/_emulator/faults`, {
      method: 'POST',
      body: JSON.stringify({ kind: 'delay', ms: 300, path: '/hello', times: 1 }),
    });
    const started = Date.now();
    const slow = await fetch(`${url}/hello`);
    expect(await slow.json()).toEqual({ ok: true });
    expect(Date.now() - started).toBeGreaterThanOrEqual(290);
    expect((await fetch(`${url}/_emulator/faults`)).status).toBe(200);
    expect(faults.list()).toEqual([]);
  });
});
