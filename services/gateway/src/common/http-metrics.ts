import { httpRequestDuration, webhookEvents } from '@runpledge/server-kit/metrics';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);
/** Webhook routes whose outcomes are counted apart, by provider. */
const WEBHOOKS: Record<string, string> = { '/api/webhooks/stripe': 'stripe', '/api/webhooks/strava': 'strava' };

/**
 * The labels of one answered request: the route *template* fastify matched (`/api/runner-profile/:slug`),
 * never the raw path, so a scan of random URLs cannot grow the series; unmatched paths share one label.
 */
export function httpLabels(
  request: Pick<FastifyRequest, 'method'> & { routeOptions: { url?: string } },
  statusCode: number,
): { route: string; method: string; status: string } {
  return {
    route: request.routeOptions.url ?? 'unmatched',
    method: METHODS.has(request.method) ? request.method : 'OTHER',
    status: String(statusCode),
  };
}

export function webhookOutcome(statusCode: number): 'accepted' | 'rejected' | 'error' {
  if (statusCode < 300) return 'accepted';
  return statusCode < 500 ? 'rejected' : 'error';
}

/** Times every answered request (fastify's own elapsed time: nothing stored per request). */
export function registerHttpMetrics(fastify: FastifyInstance): void {
  fastify.addHook('onResponse', (request: FastifyRequest, reply: FastifyReply, done: () => void) => {
    const labels = httpLabels(request, reply.statusCode);
    httpRequestDuration.observe(labels, reply.elapsedTime / 1000);
    const provider = request.method === 'POST' ? WEBHOOKS[labels.route] : undefined;
    if (provider) webhookEvents.inc({ provider, outcome: webhookOutcome(reply.statusCode) });
    done();
  });
}
