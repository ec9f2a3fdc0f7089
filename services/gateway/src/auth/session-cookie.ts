import type { FastifyReply, FastifyRequest } from 'fastify';
import { env } from '../config/env.js';

export const SESSION_COOKIE = 'rp_session';

/** Whether cookies get the Secure flag: over HTTPS, or when the site is served over HTTPS. */
export function secure(request: FastifyRequest): boolean {
  return request.protocol === 'https' || env.PUBLIC_URL.startsWith('https:');
}

/** httpOnly, SameSite=Lax, Secure over HTTPS, signed with SESSION_SECRET. */
export function setSessionCookie(request: FastifyRequest, reply: FastifyReply, token: string, expiresAt: string): void {
  void reply.setCookie(SESSION_COOKIE, token, {
    signed: true,
    httpOnly: true,
    sameSite: 'lax',
    secure: secure(request),
    path: '/',
    expires: new Date(expiresAt),
  });
}

export function clearSessionCookie(request: FastifyRequest, reply: FastifyReply): void {
  void reply.clearCookie(SESSION_COOKIE, { path: '/', httpOnly: true, sameSite: 'lax', secure: secure(request) });
}

/** The session token from a correctly signed cookie, else undefined. */
export function readSessionToken(request: FastifyRequest): string | undefined {
  const raw = request.cookies[SESSION_COOKIE];
  if (!raw) return undefined;
  const unsigned = request.unsignCookie(raw);
  return unsigned.valid && unsigned.value ? unsigned.value : undefined;
}
