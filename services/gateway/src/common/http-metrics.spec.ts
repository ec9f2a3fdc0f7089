import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { httpRequestDuration, webhookEvents } from '@runpledge/server-kit/metrics';
import Fastify, { type FastifyInstance } from 'fastify';
import { randomUUID } from 'node:crypto';
import { registerHttpMetrics } from './http-metrics.js';

/** Label sets of the request histogram's count series. */
async function series(): Promise<Record<string, string | number>[]> {
  return (await httpRequestDuration.get()).values
    .filter((v) => v.metricName === 'http_request_duration_seconds_count')
    .map((v) => ({ ...v.labels, count: v.value }) as Record<string, string | number>);
}

describe('HTTP metrics labels', () => {
  let fastify: FastifyInstance;
  let base: string;
  const send = (method: string, path: string, headers: Record<string, string> = {}) =>
    fetch(`${base}${path}`, { method, headers, body: method === 'POST' ? '{}' : undefined }).then((r) => r.text());

  beforeAll(async () => {
    httpRequestDuration.reset();
    webhookEvents.reset();
    fastify = Fastify();
    registerHttpMetrics(fastify);
    fastify.get('/api/runner-profile/:slug', async (request, reply) =>
      (request.params as { slug: string }).slug.startsWith('x') ? reply.code(404).send({}) : { ok: true },
    );
    fastify.post('/api/webhooks/stripe', async (request, reply) =>
      request.headers['stripe-signature'] ? { received: true } : reply.code(400).send({}),
    );
    base = await fastify.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(() => fastify.close());

  it('labels by route template, never the raw path, however many paths are requested', async () => {
    for (let i = 0; i < 50; i += 1) {
      await send('GET', `/api/runner-profile/${i % 2 ? 'x' : 'p'}-${randomUUID()}?q=${i}`);
      await send('GET', `/no/such/${randomUUID()}`);
    }
    await send('PROPFIND', '/api/runner-profile/p-1');
    const labels = await series();
    expect(labels).toEqual(
      expect.arrayContaining([
        { route: '/api/runner-profile/:slug', method: 'GET', status: '200', count: 25 },
        { route: '/api/runner-profile/:slug', method: 'GET', status: '404', count: 25 },
        { route: 'unmatched', method: 'GET', status: '404', count: 50 },
      ]),
    );
    // 101 requests, a handful of series: no path, query or id ever becomes a label.
    expect(labels.length).toBeLessThanOrEqual(4);
    expect(JSON.stringify(labels)).not.toMatch(/[0-9a-f]{8}-[0-9a-f]{4}/);
  });

  it('counts webhook outcomes by provider', async () => {
    await send('POST', '/api/webhooks/stripe');
    await send('POST', '/api/webhooks/stripe', { 'stripe-signature': 't=1' });
    const values = (await webhookEvents.get()).values.map((v) => ({ ...v.labels, value: v.value }));
    expect(values).toEqual(
      expect.arrayContaining([
        { provider: 'stripe', outcome: 'rejected', value: 1 },
        { provider: 'stripe', outcome: 'accepted', value: 1 },
      ]),
    );
  });
});
