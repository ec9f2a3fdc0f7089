import type { FastifyInstance, FastifyRequest } from 'fastify';
import { env } from '../../config/env.js';
import { isFileUploadRoute } from '../file-upload-route.decorator.js';
import { isWebhookRoute } from '../webhook-route.decorator.js';
import { refuse } from './refuse.js';

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

function hasBody(request: FastifyRequest): boolean {
  const length = request.headers['content-length'];
  return (length !== undefined && length !== '0') || request.headers['transfer-encoding'] !== undefined;
}

/**
 * CSRF defence for state-changing calls: a JSON content type (no cross-site form can send one
 * without a preflight; a file upload route asks for multipart with `X-Requested-With` instead) and,
 * when the browser names it, a same-origin Origin. Judged on the route the
 * router matched (onRequest runs after routing), so every spelling of a path that reaches a handler
 * (percent-encoded letters, other case or doubled slashes should the router accept them) is checked.
 * Webhook routes are exempt: they authenticate by signature.
 */
export function registerCrossSiteGuard(fastify: FastifyInstance): void {
  const publicOrigin = new URL(env.PUBLIC_URL).origin;
  fastify.addHook('onRequest', async (request, reply) => {
    if (!STATE_CHANGING.has(request.method)) return;
    // No matched route: the 404 handler answers, no handler runs.
    if (request.routeOptions.url === undefined || isWebhookRoute(request)) return;
    if (isFileUploadRoute(request)) {
      // Any other body is refused by the handler (after the session check): it reads only multipart.
      if (
        /^multipart\/form-data\b/i.test(request.headers['content-type'] ?? '') &&
        request.headers['x-requested-with'] !== 'XMLHttpRequest'
      )
        return refuse(reply, 403, 'Cross-site request refused.');
    } else if (hasBody(request) && !/^application\/json\b/i.test(request.headers['content-type'] ?? '')) {
      return refuse(reply, 415, 'Requests must be sent as JSON (Content-Type: application/json).');
    }
    const origin = request.headers.origin;
    const sameHost = origin !== undefined && origin === `${request.protocol}://${request.headers.host}`;
    if (
      (origin !== undefined && origin !== publicOrigin && !sameHost) ||
      request.headers['sec-fetch-site'] === 'cross-site'
    ) {
      return refuse(reply, 403, 'Cross-site request refused.');
    }
  });
}
