import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { eventually } from '../../../scripts/jest/helpers.mjs';
import { STACK_START_TIMEOUT_MS, startGatewayStack, type Stack } from './support/gateway-stack.js';

describe('sign-up, sign-in, sessions and verification through the gateway', () => {
  let stack: Stack;

  const call = async (
    method: string,
    path: string,
    body?: unknown,
    cookie?: string,
    headers: Record<string, string> = {},
  ) => {
    const res = await fetch(`${stack.url}${path}`, {
      method,
      headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}), ...headers },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    return {
      status: res.status,
      body: text ? JSON.parse(text) : undefined,
      cookie: res.headers.get('set-cookie') ?? undefined,
      headers: res.headers,
    };
  };
  const sessionCookie = (setCookie: string | undefined) => setCookie?.split(';')[0] ?? '';
  const newEmail = () => `runner-${randomUUID()}@example.com`;

  /** The confirmation link of the newest mail to `email` in the outbox folder (quoted-printable decoded). */
  const confirmationLink = (email: string): URL =>
    eventually(async () => {
      const dir = process.env.OUTBOX_DIR!;
      const mails = readdirSync(dir)
        .map((f) => readFileSync(join(dir, f), 'utf8'))
        .filter((m) => m.includes(email));
      const decoded = mails
        .at(-1)!
        .replace(/=\r?\n/g, '')
        .replace(/=([0-9A-F]{2})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16)));
      const link = decoded.match(/https?:\/\/\S+\/auth\/confirm\?token=[A-Za-z0-9_-]+&type=signup/)?.[0];
      if (!link) throw new Error('no confirmation link yet');
      return new URL(link);
    }) as unknown as URL;

  beforeAll(async () => {
    stack = await startGatewayStack();
  }, STACK_START_TIMEOUT_MS);

  afterAll(async () => {
    await stack?.stop();
  });

  it('signs up with a session cookie that is httpOnly, SameSite=Lax and signed', async () => {
    const email = newEmail();
    const res = await call('POST', '/api/auth/signup', { email, password: 'Secret123' });
    expect(res.status).toBe(201);
    expect(res.body.user).toMatchObject({ email, emailVerified: false });
    expect(res.cookie).toMatch(/^rp_session=[^;]+\.[^;]+;/);
    expect(res.cookie).toContain('HttpOnly');
    expect(res.cookie).toContain('SameSite=Lax');
    const me = await call('GET', '/api/auth/me', undefined, sessionCookie(res.cookie));
    expect(me.status).toBe(200);
    expect(me.body.user.email).toBe(email);
  });

  it('refuses a taken e-mail with 409 User already registered, whatever its case', async () => {
    const email = newEmail();
    await call('POST', '/api/auth/signup', { email, password: 'Secret123' });
    const again = await call('POST', '/api/auth/signup', { email: email.toUpperCase(), password: 'Secret123' });
    expect(again.status).toBe(409);
    expect(again.body).toEqual({ statusCode: 409, error: 'Conflict', message: 'User already registered' });
  });

  it('applies the password rules of spec 5 at sign-up', async () => {
    const res = await call('POST', '/api/auth/signup', { email: newEmail(), password: 'alllowercase1' });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Password must contain at least one uppercase letter');
  });

  it('answers 401 Invalid login credentials for a wrong password and an unknown e-mail alike', async () => {
    const email = newEmail();
    await call('POST', '/api/auth/signup', { email, password: 'Secret123' });
    const wrong = await call('POST', '/api/auth/signin', { email, password: 'Secret1234' });
    const unknown = await call('POST', '/api/auth/signin', { email: newEmail(), password: 'Secret123' });
    for (const res of [wrong, unknown]) {
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ statusCode: 401, error: 'Unauthorized', message: 'Invalid login credentials' });
      expect(res.cookie).toBeUndefined();
    }
    const right = await call('POST', '/api/auth/signin', { email: `  ${email.toUpperCase()} `, password: 'Secret123' });
    expect(right.status).toBe(200);
    expect(right.cookie).toMatch(/^rp_session=/);
  });

  it('rate limits sign-in per e-mail with a 429 and Retry-After', async () => {
    const email = newEmail();
    const statuses: number[] = [];
    for (let i = 0; i < 11; i += 1)
      statuses.push((await call('POST', '/api/auth/signin', { email, password: 'Nope12345' })).status);
    expect(statuses.slice(0, 10).every((s) => s === 401)).toBe(true);
    const limited = await call('POST', '/api/auth/signin', { email, password: 'Nope12345' });
    expect(limited.status).toBe(429);
    expect(limited.body.message).toMatch(/^Too many attempts\. Please wait \d+ minutes? and try again\.$/);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('makes the old cookie useless after sign-out', async () => {
    const signUp = await call('POST', '/api/auth/signup', { email: newEmail(), password: 'Secret123' });
    const cookie = sessionCookie(signUp.cookie);
    const out = await call('POST', '/api/auth/signout', undefined, cookie);
    expect(out.status).toBe(200);
    expect(out.body).toEqual({ success: true });
    expect(out.cookie).toMatch(/rp_session=;/);
    expect((await call('GET', '/api/auth/me', undefined, cookie)).status).toBe(401);
    // Signing out again is fine.
    expect((await call('POST', '/api/auth/signout', undefined, cookie)).status).toBe(200);
  });

  it('refuses a forged or tampered cookie', async () => {
    const signUp = await call('POST', '/api/auth/signup', { email: newEmail(), password: 'Secret123' });
    const [name, value] = sessionCookie(signUp.cookie).split('=');
    const tampered = `${name}=${value!.slice(0, -2)}xx`;
    expect((await call('GET', '/api/auth/me', undefined, tampered)).status).toBe(401);
    expect((await call('GET', '/api/auth/me', undefined, 'rp_session=made-up')).status).toBe(401);
  });

  it('verifies the e-mailed token once; a second use is an invalid link', async () => {
    const email = newEmail();
    await call('POST', '/api/auth/signup', { email, password: 'Secret123' });
    const link = await confirmationLink(email);
    expect(link.pathname).toBe('/auth/confirm');
    const token = link.searchParams.get('token');
    const first = await call('POST', '/api/auth/verify', { token, type: 'signup' });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ success: true, user: { email, emailVerified: true } });
    const second = await call('POST', '/api/auth/verify', { token, type: 'signup' });
    expect(second.status).toBe(400);
    expect(second.body.message).toBe('This confirmation link is invalid or has expired.');
    const bogus = await call('POST', '/api/auth/verify', { token: 'nope', type: 'signup' });
    expect(bogus.status).toBe(400);
  });

  it('refuses cross-site and non-JSON state-changing calls', async () => {
    const crossSite = await call('POST', '/api/auth/signin', { email: newEmail(), password: 'x' }, undefined, {
      origin: 'https://evil.example',
    });
    expect(crossSite.status).toBe(403);
    const form = await fetch(`${stack.url}/api/auth/signin`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'email=a%40b.co&password=x',
    });
    expect(form.status).toBe(415);
    const sameOrigin = await call('POST', '/api/auth/signin', { email: newEmail(), password: 'Secret123' }, undefined, {
      origin: stack.url,
    });
    expect(sameOrigin.status).toBe(401);
  });

  it('needs a session for /api/auth/me', async () => {
    const res = await call('GET', '/api/auth/me');
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ statusCode: 401, error: 'Unauthorized', message: 'Please sign in to continue.' });
  });
});
