import { afterEach, describe, expect, it } from '@jest/globals';
import { startHealthServer, type HealthServer, type ReadinessCheck } from './health-server.js';

describe('startHealthServer', () => {
  let server: HealthServer | undefined;
  const start = async (checks: Record<string, ReadinessCheck>, checkTimeoutMs?: number) => {
    server = await startHealthServer({ port: 0, host: '127.0.0.1', checks, checkTimeoutMs });
    return (path: string, init?: RequestInit) => fetch(`http://127.0.0.1:${server!.port}${path}`, init);
  };

  afterEach(async () => {
    await server?.close();
    server = undefined;
  });

  it('is live, and ready while every check passes', async () => {
    const get = await start({ nats: () => undefined, database: async () => undefined });
    const live = await get('/healthz');
    expect(live.status).toBe(200);
    expect(await live.json()).toEqual({ status: 'ok' });
    const ready = await get('/readyz');
    expect(ready.status).toBe(200);
    expect(ready.headers.get('cache-control')).toBe('no-store');
    expect(await ready.json()).toEqual({ status: 'ok', failing: [] });
  });

  it('answers 503 naming the checks that fail, throw or hang', async () => {
    const get = await start(
      {
        nats: () => undefined,
        database: async () => 'not connected',
        redis: async () => {
          throw new Error('ECONNREFUSED');
        },
        slow: () => new Promise<undefined>(() => {}),
      },
      200,
    );
    const started = Date.now();
    const ready = await get('/readyz');
    expect(ready.status).toBe(503);
    expect(Date.now() - started).toBeLessThan(2000);
    expect(await ready.json()).toEqual({
      status: 'unavailable',
      failing: ['database: not connected', 'redis: ECONNREFUSED', 'slow: no answer in 200 ms'],
    });
    expect((await get('/healthz')).status).toBe(200);
  });

  it('turns readiness to 503 once shutdown begins while staying live', async () => {
    const get = await start({ nats: () => undefined });
    expect((await get('/readyz')).status).toBe(200);
    server!.markShuttingDown();
    const ready = await get('/readyz');
    expect(ready.status).toBe(503);
    expect(await ready.json()).toEqual({ status: 'unavailable', failing: ['shutting down'] });
    expect((await get('/healthz')).status).toBe(200);
  });

  it('answers HEAD without a body, 404 elsewhere and 405 to other methods', async () => {
    const get = await start({});
    const head = await get('/healthz', { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(await head.text()).toBe('');
    expect((await get('/metrics')).status).toBe(404);
    expect((await get('/readyz', { method: 'POST' })).status).toBe(405);
  });
});
