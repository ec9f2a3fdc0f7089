import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import { freePort } from '../../../scripts/jest/helpers.mjs';
import { startStack } from '../../../scripts/lib/stack.mjs';

type Stack = Awaited<ReturnType<typeof startStack>>;

/** Issue #13: CSRF by path spelling (item 3) and guessing codes (item 5), tried as an attacker would. */
describe('attack paths through the gateway', () => {
  let stack: Stack;
  const BILLING_PER_USER = 5;
  const BILLING_PER_IP = 8;

  const raw = (method: string, path: string, headers: Record<string, string>, body?: string) =>
    fetch(`${stack.url}${path}`, { method, headers, body });

  const signUp = async (ip: string): Promise<{ cookie: string; id: string }> => {
    const res = await raw(
      'POST',
      '/api/auth/signup',
      { 'content-type': 'application/json', 'x-forwarded-for': ip },
      JSON.stringify({ email: `guess-${randomUUID()}@example.com`, password: 'Secret123' }),
    );
    expect(res.status).toBe(201);
    const body = (await res.json()) as { user: { id: string } };
    return { cookie: res.headers.get('set-cookie')!.split(';')[0]!, id: body.user.id };
  };

  beforeAll(async () => {
    stack = await startStack({
      env: {
        ...process.env,
        TRUST_PROXY: 'true',
        RATE_LIMIT_BILLING_PER_USER: String(BILLING_PER_USER),
        RATE_LIMIT_BILLING_PER_IP: String(BILLING_PER_IP),
      },
      port: await freePort(),
    });
  }, 90_000);

  afterAll(async () => {
    await stack?.stop();
  });

  describe('CSRF checks apply to the route the router matched, however its path is spelled', () => {
    // Spellings of POST /api/auth/signout (a handler that answers 200 to anyone).
    const spellings = [
      '/api/auth/signout',
      '/%61pi/auth/signout',
      '/api/%61uth/signout',
      '/%61%70%69/auth/%73ignout',
      '//api//auth/signout',
      '/API/auth/signout',
      '/api/auth/signout?x=/api/webhooks/',
      '/api/auth/signout/',
    ];

    it.each(spellings)('refuses a cross-site Origin on %s', async (path) => {
      const res = await raw('POST', path, { 'content-type': 'application/json', origin: 'https://evil.example' }, '{}');
      // Either the router matches no route (404) or the guard refuses it; the handler never runs.
      expect([403, 404]).toContain(res.status);
      if (res.status === 403) expect(await res.json()).toMatchObject({ message: 'Cross-site request refused.' });
    });

    it.each(spellings)('refuses a non-JSON body on %s', async (path) => {
      const res = await raw('POST', path, { 'content-type': 'text/plain' }, '{"a":1}');
      expect([415, 404]).toContain(res.status);
    });

    it('refuses a cross-site Sec-Fetch-Site on a percent-encoded path', async () => {
      const res = await raw('POST', '/%61pi/auth/signout', { 'sec-fetch-site': 'cross-site' });
      expect(res.status).toBe(403);
    });

    it('still serves an encoded spelling sent from the site itself', async () => {
      const res = await raw(
        'POST',
        '/%61pi/auth/signout',
        { 'content-type': 'application/json', origin: stack.url },
        '{}',
      );
      expect(res.status).toBe(200);
    });

    it('leaves webhooks to their signatures, by route and not by spelling', async () => {
      // A cross-site Stripe delivery reaches its handler, which refuses the missing signature (400).
      const webhook = await raw(
        'POST',
        '/api/webhooks/stripe',
        { 'content-type': 'application/json', origin: 'https://stripe.example' },
        '{}',
      );
      expect(webhook.status).toBe(400);
      // The encoded spelling of the webhook is the same route: still exempt from CSRF, still verified.
      const encoded = await raw(
        'POST',
        '/api/%77ebhooks/stripe',
        { 'content-type': 'application/json', origin: 'https://stripe.example' },
        '{}',
      );
      expect(encoded.status).toBe(400);
    });
  });

  describe('guessing codes and sessions is throttled per user and per IP', () => {
    const checkout = (cookie: string, userId: string, ip: string, code: string) =>
      raw(
        'POST',
        '/api/subscription/create-checkout',
        { 'content-type': 'application/json', cookie, 'x-forwarded-for': ip },
        JSON.stringify({
          userId,
          successUrl: `${stack.url}/payment?success=true`,
          cancelUrl: `${stack.url}/payment?canceled=true`,
          discountCode: code,
        }),
      );

    it('answers 429 with Retry-After to a brute force of discount codes from one user', async () => {
      const ip = `10.13.0.${Math.floor(Math.random() * 200) + 1}`;
      const { cookie, id } = await signUp(ip);
      const statuses: number[] = [];
      let last: Response | undefined;
      for (let i = 0; i < BILLING_PER_USER + 3; i++) {
        last = await raw(
          'POST',
          '/api/subscription/create-checkout',
          { 'content-type': 'application/json', cookie, 'x-forwarded-for': `10.14.${i}.1` },
          JSON.stringify({
            userId: id,
            successUrl: `${stack.url}/payment?success=true`,
            cancelUrl: `${stack.url}/payment?canceled=true`,
            discountCode: `GUESS${i}`,
          }),
        );
        statuses.push(last.status);
      }
      expect(statuses.slice(0, BILLING_PER_USER)).not.toContain(429);
      expect(statuses.slice(BILLING_PER_USER)).toEqual([429, 429, 429]);
      expect(Number(last!.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(await last!.json()).toMatchObject({
        statusCode: 429,
        message: expect.stringMatching(/^Too many attempts\. Please wait \d+ minutes? and try again\.$/),
      });
    });

    it('answers 429 to reconcile and portal guessed from one IP across many accounts', async () => {
      const ip = `10.15.0.${Math.floor(Math.random() * 200) + 1}`;
      const statuses: number[] = [];
      for (let i = 0; i < 3; i++) {
        const { cookie } = await signUp(`10.16.${i}.${Math.floor(Math.random() * 200) + 1}`);
        for (let j = 0; j < 2; j++) {
          const reconcile = await raw(
            'POST',
            '/api/subscription/reconcile',
            { 'content-type': 'application/json', cookie, 'x-forwarded-for': ip },
            JSON.stringify({ sessionId: `cs_guess_${i}_${j}` }),
          );
          statuses.push(reconcile.status);
          const portal = await raw(
            'POST',
            '/api/subscription/portal',
            { 'content-type': 'application/json', cookie, 'x-forwarded-for': ip },
            JSON.stringify({ returnUrl: `${stack.url}/dashboard` }),
          );
          statuses.push(portal.status);
        }
      }
      expect(statuses.slice(0, BILLING_PER_IP)).not.toContain(429);
      expect(statuses.slice(BILLING_PER_IP).every((s) => s === 429)).toBe(true);
      expect(statuses.slice(BILLING_PER_IP).length).toBeGreaterThan(0);
    });

    it('does not count a checkout without a discount code as a guess', async () => {
      const ip = `10.17.0.${Math.floor(Math.random() * 200) + 1}`;
      const { cookie, id } = await signUp(ip);
      for (let i = 0; i < BILLING_PER_USER + 2; i++) {
        const res = await checkout(cookie, id, ip, '');
        expect(res.status).not.toBe(429);
      }
    });
  });
});
