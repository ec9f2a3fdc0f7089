import type { FastifyReply } from 'fastify';
import { STATUS_CODES } from 'node:http';

/** Answers a refused request with the API's error shape (what HttpExceptionFilter sends for a handler's 4xx). */
export function refuse(reply: FastifyReply, statusCode: number, message: string): FastifyReply {
  return reply
    .status(statusCode)
    .type('application/json; charset=utf-8')
    .send({ statusCode, error: STATUS_CODES[statusCode], message });
}
