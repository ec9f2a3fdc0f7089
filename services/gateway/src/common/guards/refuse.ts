import type { FastifyReply } from 'fastify';
import { STATUS_CODES } from 'node:http';
import { redirectNavigationFailure } from '../browser-navigation.js';

/**
 * Answers a refused request with the API's error shape (what HttpExceptionFilter sends for a handler's
 * 4xx); on a route the browser navigates to, with a redirect to the page that tells why (@BrowserNavigation).
 */
export function refuse(reply: FastifyReply, statusCode: number, message: string): FastifyReply {
  if (redirectNavigationFailure(reply.request, reply, statusCode)) return reply;
  return reply
    .status(statusCode)
    .type('application/json; charset=utf-8')
    .send({ statusCode, error: STATUS_CODES[statusCode], message });
}
