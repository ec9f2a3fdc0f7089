import { disallowedTextMessage, findDisallowedText } from '@runpledge/contracts';
import type { FastifyInstance } from 'fastify';
import { refuse } from './refuse.js';

/** The rule for text on path and query parameters of every /api route (bodies: each field's schema). */
export function registerParameterTextGuard(fastify: FastifyInstance): void {
  fastify.addHook('preValidation', async (request, reply) => {
    // The matched route, not the URL's spelling (`/%61pi/...` reaches the same handler).
    if (!request.routeOptions.url?.startsWith('/api/')) return;
    const field = findDisallowedText(request.params) ?? findDisallowedText(request.query);
    if (field !== null) return refuse(reply, 400, disallowedTextMessage(field));
  });
}
