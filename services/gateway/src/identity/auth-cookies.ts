import type { AccessGrant } from '@runpledge/contracts';
import type { CookieSerializeOptions } from '@fastify/cookie';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { env } from '../config/env.js';

/**
 * `__Host-` in production: the browser then insists on Secure, Path=/ and no Domain. The access
 * cookie holds a signed JWT of its own, so it is not signed again; the session cookie is.
 */
export function cookieNames(nodeEnv: string): { session: string; access: string } {
  const prefix = nodeEnv === 'production' ? '__Host-' : '';
  return { session: `${prefix}rp_session`, access: `${prefix}rp_access` };
}

const production = env.NODE_ENV === 'production';
export const { session: SESSION_COOKIE, access: ACCESS_COOKIE } = cookieNames(env.NODE_ENV);

/** Whether cookies get the Secure flag: always in production, else over HTTPS or when the site is served over HTTPS. */
export function secure(request: FastifyRequest): boolean {
  return production || request.protocol === 'https' || env.PUBLIC_URL.startsWith('https:');
}

function baseOptions(request: FastifyRequest): CookieSerializeOptions {
  return { httpOnly: true, sameSite: 'lax', secure: secure(request), path: '/' };
}

/** The refresh credential: httpOnly, SameSite=Lax, Secure over HTTPS, signed with SESSION_SECRET. */
export function setSessionCookie(request: FastifyRequest, reply: FastifyReply, token: string, expiresAt: string): void {
  void reply.setCookie(SESSION_COOKIE, token, { ...baseOptions(request), signed: true, expires: new Date(expiresAt) });
}

/** Expires with the token inside it: a browser without it refreshes through the session cookie. */
export function setAccessCookie(request: FastifyRequest, reply: FastifyReply, grant: AccessGrant): void {
  void reply.setCookie(ACCESS_COOKIE, grant.accessToken, {
    ...baseOptions(request),
    expires: new Date(grant.accessTokenExpiresAt),
  });
}

export function clearAuthCookies(request: FastifyRequest, reply: FastifyReply): void {
  void reply.clearCookie(SESSION_COOKIE, baseOptions(request));
  void reply.clearCookie(ACCESS_COOKIE, baseOptions(request));
}

/** The session token from a correctly signed cookie, else undefined. */
export function readSessionToken(request: FastifyRequest): string | undefined {
  const raw = request.cookies[SESSION_COOKIE];
  if (!raw) return undefined;
  const unsigned = request.unsignCookie(raw);
  return unsigned.valid && unsigned.value ? unsigned.value : undefined;
}

export function readAccessToken(request: FastifyRequest): string | undefined {
  return request.cookies[ACCESS_COOKIE] || undefined;
}
