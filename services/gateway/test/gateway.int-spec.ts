import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { FITNESS } from '@runpledge/contracts';
import { connect } from '@nats-io/transport-node';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eventually, freePort } from '../../../scripts/jest/helpers.mjs';
import { startStack } from '../../../scripts/lib/stack.mjs';
import { createPage, grantAccess, signUp } from './support/stack-users.js';

type Stack = Awaited<ReturnType<typeof startStack>>;

describe('gateway against the running services', () => {
  let stack: Stack;
  let webDist: string;
  /** A published page: fitness reads answer only for pages that exist and are published. */
  let pageId: string;
  const get = (path: string, init?: RequestInit) => fetch(`${stack.url}${path}`, init);

  beforeAll(async () => {
    webDist = mkdtempSync(join(tmpdir(), 'rp-web-'));
    mkdirSync(join(webDist, 'assets'));
    writeFileSync(join(webDist, 'index.html'), '<!doctype html><title>RunPledge</title><div id="root"></div>');
    writeFileSync(join(webDist, 'assets', 'index-abc123.js'), 'console.log(1)');
    stack = await startStack({
      env: { ...process.env, WEB_DIST: webDist, RPC_TIMEOUT_MS: '1500', HEALTH_TIMEOUT_MS: '1000' },
      port: await freePort(),
      readyTimeoutMs: 120_000,
    });
    // A loaded shared machine can take more than a minute to start the whole stack.
    const owner = await signUp(stack.url);
    pageId = (await createPage(stack.url, owner.cookie)).id;
    const nc = await connect({ servers: process.env.NATS_URL });
    try {
      await grantAccess(nc, owner.id);
    } finally {
      await nc.close();
    }
    await eventually(async () => expect((await get(`/api/fitness-profile/${pageId}`)).status).toBe(200), {
      timeoutMs: 15_000,
    });
  }, 180_000);

  afterAll(async () => {
    await stack?.stop();
    rmSync(webDist, { recursive: true, force: true });
  });

  it('is live and ready with every service answering', async () => {
    expect((await get('/api/health/live')).status).toBe(200);
    const ready = await get('/api/health/ready');
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({
      status: 'ok',
      services: { identity: 'up', profiles: 'up', billing: 'up', fitness: 'up', community: 'up' },
      failing: [],
    });
  });

  it('answers errors as {statusCode, error, message}', async () => {
    const missing = await get('/api/no-such-route');
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({
      statusCode: 404,
      error: 'Not Found',
      message: 'Cannot GET /api/no-such-route',
    });

    const bad = await get('/api/fitness-profile/not-a-uuid');
    expect(bad.status).toBe(400);
    expect(await bad.json()).toEqual({ statusCode: 400, error: 'Bad Request', message: 'Fitness profile not found' });
  });

  it('crosses NATS to a service and its database', async () => {
    const res = await get(`/api/fitness-profile/${pageId}`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      stravaConnected: false,
      trainingStartDate: null,
      needsReconnect: false,
      lastSyncedAt: null,
      publicDisplayConsent: false,
    });
  });

  it('sends security headers and a request id, keeping a valid incoming one', async () => {
    const res = await get('/api/health/live', { headers: { 'x-request-id': 'abc-123' } });
    expect(res.headers.get('x-request-id')).toBe('abc-123');
    expect(res.headers.get('content-security-policy')).toContain("script-src 'self'");
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    const generated = await get('/api/health/live', { headers: { 'x-request-id': 'bad id with spaces' } });
    expect(generated.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('serves the web app with SPA fallback, hashed assets cached a year and index.html not cached', async () => {
    const page = await get('/some-runner/fitness');
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toContain('text/html');
    expect(page.headers.get('cache-control')).toBe('no-cache');
    expect(await page.text()).toContain('<div id="root">');

    const asset = await get('/assets/index-abc123.js');
    expect(asset.status).toBe(200);
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');

    expect((await get('/assets/missing-123.js')).status).toBe(404);
  });

  it('stays ready with a service down, naming it in the body within 6 s, and back without a restart', async () => {
    const gatewayPid = stack.processes.get('gateway')!.child.pid;
    const stoppedAt = Date.now();
    await stack.processes.get('billing')!.stop();
    const down = await eventually(
      async () => {
        const res = await get('/api/health/ready');
        // The gateway itself can still serve (cached public pages): it stays in the load balancer.
        expect(res.status).toBe(200);
        const body = await res.json();
        expect(body.services.billing).toBe('down');
        return body;
      },
      { timeoutMs: 6000 },
    );
    expect(Date.now() - stoppedAt).toBeLessThan(6000);
    expect(down).toEqual({
      status: 'degraded',
      services: { billing: 'down', identity: 'up', profiles: 'up', fitness: 'up', community: 'up' },
      failing: ['billing'],
    });

    // A service's start (Nest, its pool, NATS) took over 20 s on a CI machine under full load.
    stack.restart('billing');
    await eventually(async () => expect((await (await get('/api/health/ready')).json()).status).toBe('ok'), {
      timeoutMs: 60_000,
    });
    expect(stack.processes.get('gateway')!.child.pid).toBe(gatewayPid);
  }, 120_000);

  it('answers 503 at once when no service listens and 504 when it does not answer in time', async () => {
    await stack.processes.get('fitness')!.stop();
    const path = `/api/fitness-profile/${pageId}`;
    const unavailable = await get(path);
    expect(unavailable.status).toBe(503);
    expect(await unavailable.json()).toEqual({
      statusCode: 503,
      error: 'Service Unavailable',
      message: 'The fitness service is unavailable',
    });

    // A responder that never answers stands in for a hung service.
    const nc = await connect({ servers: process.env.NATS_URL });
    nc.subscribe(`${process.env.NATS_SUBJECT_PREFIX ?? ''}${FITNESS.fitnessProfile.get}`, { callback: () => {} });
    await nc.flush();
    const started = Date.now();
    const slow = await get(path);
    expect(slow.status).toBe(504);
    expect(Date.now() - started).toBeGreaterThanOrEqual(1400);
    expect((await slow.json()).message).toBe('The fitness service did not answer in time');
    await nc.close();

    stack.restart('fitness');
    await eventually(async () => expect((await get(path)).status).toBe(200), { timeoutMs: 20_000 });
  });
});
