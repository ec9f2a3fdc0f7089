import type { FastifyInstance } from 'fastify';
import { isWebhookRoute } from './webhook-route.decorator.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The body exactly as received, kept for webhooks whose signature covers the raw bytes. */
    rawBody?: string;
  }
}

/** An empty JSON body (e.g. sign-out) is no body, not a parse error; bad JSON stays a 400. Webhooks keep the raw text. */
export function registerJsonBodyParser(fastify: FastifyInstance): void {
  const parseJson = fastify.getDefaultJsonParser('error', 'error');
  fastify.removeContentTypeParser('application/json');
  fastify.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = body.toString();
    if (isWebhookRoute(request)) request.rawBody = text;
    if (text.trim() === '') return done(null, undefined);
    void parseJson(request, text, done);
  });
}
