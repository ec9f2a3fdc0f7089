import { disallowedTextMessage, findDisallowedText } from '@runpledge/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { STATUS_CODES } from 'node:http';
import { env } from '../../config/env.js';
import { WEBHOOK_ROUTE } from '../webhook-route.decorator.js';

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

declare module 'fastify' {
  interface FastifyRequest {
    /** The body exactly as received, kept for webhooks whose signature covers the raw bytes. */
    rawBody?: string;
  }
}

function refuse(reply: FastifyReply, statusCode: number, message: string): FastifyReply {
  return reply
    .status(statusCode)
    .type('application/json; charset=utf-8')
    .send({ statusCode, error: STATUS_CODES[statusCode], message });
}

function hasBody(request: FastifyRequest): boolean {
  const length = request.headers['content-length'];
  return (length !== undefined && length !== '0') || request.headers['transfer-encoding'] !== undefined;
}

/** True when the router matched a route marked @WebhookRoute() (never judged from the URL's spelling). */
function isWebhookRoute(request: FastifyRequest): boolean {
  return request.routeOptions.config?.[WEBHOOK_ROUTE] === true;
}

/**
 * CSRF defence for state-changing calls: a JSON content type (no cross-site form can send one
 * without a preflight) and, when the browser names it, a same-origin Origin. Judged on the route the
 * router matched (onRequest runs after routing), so every spelling of a path that reaches a handler
 * (percent-encoded letters, other case or doubled slashes should the router accept them) is checked.
 * Webhook routes are exempt: they authenticate by signature.
 */
export function registerRequestGuards(fastify: FastifyInstance): void {
  const publicOrigin = new URL(env.PUBLIC_URL).origin;
  fastify.addHook('onRequest', async (request, reply) => {
    if (!STATE_CHANGING.has(request.method)) return;
    // No matched route: the 404 handler answers, no handler runs.
    if (request.routeOptions.url === undefined || isWebhookRoute(request)) return;
    if (hasBody(request) && !/^application\/json\b/i.test(request.headers['content-type'] ?? '')) {
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

  // The rule for text on path and query parameters of every route (bodies: each field's schema).
  fastify.addHook('preValidation', async (request, reply) => {
    // The matched route, not the URL's spelling (`/%61pi/...` reaches the same handler).
    if (!request.routeOptions.url?.startsWith('/api/')) return;
    const field = findDisallowedText(request.params) ?? findDisallowedText(request.query);
    if (field !== null) return refuse(reply, 400, disallowedTextMessage(field));
  });

  // An empty JSON body (e.g. sign-out) is no body, not a parse error; bad JSON stays a 400.
  const parseJson = fastify.getDefaultJsonParser('error', 'error');
  fastify.removeContentTypeParser('application/json');
  fastify.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = body.toString();
    if (isWebhookRoute(request)) request.rawBody = text;
    if (text.trim() === '') return done(null, undefined);
    void parseJson(request, text, done);
  });
}
