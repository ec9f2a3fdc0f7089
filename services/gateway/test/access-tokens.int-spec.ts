import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import jwt from 'jsonwebtoken';
import { generateKeyPairSync, randomUUID, type JsonWebKey } from 'node:crypto';
import { appendFileSync } from 'node:fs';
import pg from 'pg';
import { eventually, freePort } from '../../../scripts/jest/helpers.mjs';
import { startProcess, startStack, waitForReady } from '../../../scripts/lib/stack.mjs';

type Stack = Awaited<ReturnType<typeof startStack>>;
type Jwk = JsonWebKey & { kid: string };

const newKey = (kid: string): { jwk: Jwk; publicJwk: Jwk; pem: string } => {
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  return {
    jwk: { ...privateKey.export({ format: 'jwk' }), kid },
    publicJwk: { ...publicKey.export({ format: 'jwk' }), kid },
    pem: String(privateKey.export({ type: 'pkcs8', format: 'pem' })),
  };
};

/** Cookies as a browser keeps them: the latest value of each name. */
class CookieJar {
  readonly values = new Map<string, string>();
  constructor(entries: Record<string, string> = {}) {
    for (const [name, value] of Object.entries(entries)) this.values.set(name, value);
  }
  store(res: Response): void {
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const eq = pair!.indexOf('=');
      const name = pair!.slice(0, eq);
      const value = pair!.slice(eq + 1);
      if (value) this.values.set(name, value);
      else this.values.delete(name);
    }
  }
  only(...names: string[]): CookieJar {
    return new CookieJar(Object.fromEntries(names.map((n) => [n, this.values.get(n)!])));
  }
  header(): string {
    return [...this.values].map(([n, v]) => `${n}=${v}`).join('; ');
  }
}

describe('access tokens at the edge: passport-jwt, refresh through the session, instant revocation', () => {
  // The stack's identity signs with `current`; its gateways also accept `previous` (a rotation in progress).
  const current = newKey(`current-${randomUUID().slice(0, 8)}`);
  const previous = newKey(`previous-${randomUUID().slice(0, 8)}`);
  let stack: Stack;
  let second: ReturnType<typeof startProcess>;
  let secondUrl: string;
  let nc: NatsConnection;
  let db: pg.Client;
  const identityRequests: string[] = [];

  const call = async (base: string, method: string, path: string, jar?: CookieJar, body?: unknown) => {
    const res = await fetch(`${base}${path}`, {
      method,
      headers: { 'content-type': 'application/json', ...(jar ? { cookie: jar.header() } : {}) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    jar?.store(res);
    const text = await res.text();
    return { status: res.status, body: text ? JSON.parse(text) : undefined, setCookies: res.headers.getSetCookie() };
  };

  const signUp = async (password = 'Secret123') => {
    const jar = new CookieJar();
    const email = `runner-${randomUUID()}@example.com`;
    const res = await call(stack.url, 'POST', '/api/auth/signup', jar, { email, password });
    expect(res.status).toBe(201);
    return { jar, email, user: res.body.user as { id: string } };
  };
  const signIn = async (email: string, password = 'Secret123') => {
    const jar = new CookieJar();
    const res = await call(stack.url, 'POST', '/api/auth/signin', jar, { email, password });
    return { jar, status: res.status };
  };
  const claimsOf = (jar: CookieJar) => jwt.decode(jar.values.get('rp_access')!) as { sub: string; sid: string };
  const forge = (claims: object, key: { pem: string; jwk: Jwk }, options: jwt.SignOptions = {}) =>
    jwt.sign(claims, key.pem, {
      algorithm: 'ES256',
      keyid: key.jwk.kid,
      issuer: 'runpledge-identity',
      audience: 'runpledge-gateway',
      expiresIn: 600,
      ...options,
    });

  beforeAll(async () => {
    const env = {
      ...process.env,
      ACCESS_TOKEN_KEYS: JSON.stringify([current.jwk]),
      ACCESS_TOKEN_PUBLIC_KEYS: JSON.stringify([current.publicJwk, previous.publicJwk]),
      // argon2 on a machine shared by many runs can pass the default 5 s deadline.
      RPC_TIMEOUT_MS: '20000',
      // Every refresh rotates the session token (by default once an hour).
      SESSION_ROTATE_AFTER_SECONDS: '0',
    };
    stack = await startStack({
      env,
      port: await freePort(),
      // A loaded machine (shared CI cores) can take well over a minute to start seven processes.
      readyTimeoutMs: 180_000,
      log: (name: string, line: string) => {
        if (process.env.DEBUG_STACK) appendFileSync(process.env.DEBUG_STACK, `${name} ${line}\n`);
      },
    });
    const port = await freePort();
    second = startProcess('gateway', { ...stack.env, PORT: String(port) });
    secondUrl = `http://127.0.0.1:${port}`;
    await waitForReady(secondUrl, 120_000);
    nc = await connect({ servers: (process.env.NATS_URL ?? 'nats://127.0.0.1:4222').split(',') });
    // A plain subscriber beside identity's queue group sees every request made to identity.
    nc.subscribe(`${process.env.NATS_SUBJECT_PREFIX ?? ''}identity.>`, {
      callback: (_err, msg) => {
        if (msg.reply) identityRequests.push(msg.subject);
      },
    });
    await nc.flush();
    db = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await db.connect();
  }, 330_000);

  afterAll(async () => {
    await second?.stop();
    await stack?.stop();
    await nc?.close();
    await db?.end();
  });

  it('serves an authenticated read from the access cookie alone, with no call to identity', async () => {
    const { jar } = await signUp();
    expect(jar.values.get('rp_access')).toMatch(/^ey/);
    const access = jar.only('rp_access');
    identityRequests.length = 0;
    for (const base of [stack.url, secondUrl]) {
      const res = await call(base, 'GET', '/api/recent-profiles', access);
      expect(res.status).toBe(200);
      expect(res.body).toEqual([]);
    }
    await nc.flush();
    // The readiness loop's pings are not the request's (it pings every service every 2 s).
    expect(identityRequests.filter((subject) => !subject.endsWith('.health.ping'))).toEqual([]);
  });

  it('names its signing key and sets the access cookie httpOnly, SameSite=Lax, expiring with the token', async () => {
    const jar = new CookieJar();
    const res = await call(stack.url, 'POST', '/api/auth/signup', jar, {
      email: `runner-${randomUUID()}@example.com`,
      password: 'Secret123',
    });
    const accessLine = res.setCookies.find((line) => line.startsWith('rp_access='))!;
    expect(accessLine).toContain('HttpOnly');
    expect(accessLine).toContain('SameSite=Lax');
    expect(accessLine).toContain('Path=/');
    const token = jwt.decode(jar.values.get('rp_access')!, { complete: true })!;
    expect(token.header).toMatchObject({ alg: 'ES256', kid: current.jwk.kid });
    const payload = token.payload as { exp: number; iat: number };
    expect(payload.exp - payload.iat).toBeLessThanOrEqual(600);
    expect(new Date(accessLine.match(/Expires=([^;]+)/)![1]!).getTime() / 1000).toBeCloseTo(payload.exp, -1);
  });

  it('refuses a tampered token, an unknown key id, a foreign key under a known kid and alg none', async () => {
    const { jar } = await signUp();
    const token = jar.values.get('rp_access')!;
    const claims = claimsOf(jar);
    const [header, payload, signature] = token.split('.');
    const otherPayload = Buffer.from(JSON.stringify({ ...(jwt.decode(token) as object), sub: randomUUID() })).toString(
      'base64url',
    );
    const stranger = newKey('unknown-kid');
    const impostor = { ...newKey(current.jwk.kid) };
    const none = `${Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT', kid: current.jwk.kid })).toString('base64url')}.${payload}.`;
    const refused = [
      `${header}.${otherPayload}.${signature}`,
      forge({ sub: claims.sub, sid: claims.sid, email: 'x@example.com', emailVerified: true }, stranger),
      forge({ sub: claims.sub, sid: claims.sid, email: 'x@example.com', emailVerified: true }, impostor),
      none,
      'not-a-jwt',
    ];
    for (const value of refused) {
      const res = await call(stack.url, 'GET', '/api/auth/me', new CookieJar({ rp_access: value }));
      expect(res.status).toBe(401);
    }
  });

  it('accepts a token signed with the previous key while the rotation is under way', async () => {
    const { jar, user } = await signUp();
    const claims = claimsOf(jar);
    const token = forge({ sub: user.id, sid: claims.sid, email: 'x@example.com', emailVerified: false }, previous);
    const res = await call(secondUrl, 'GET', '/api/recent-profiles', new CookieJar({ rp_access: token }));
    expect(res.status).toBe(200);
  });

  it('refreshes an expired access token through a valid session, rotating the session cookie', async () => {
    const { jar, user } = await signUp();
    const claims = claimsOf(jar);
    const expired = forge({ sub: user.id, sid: claims.sid, email: 'x@example.com', emailVerified: false }, current, {
      expiresIn: -60,
    });
    const alone = await call(stack.url, 'GET', '/api/recent-profiles', new CookieJar({ rp_access: expired }));
    expect(alone.status).toBe(401);

    const oldSession = jar.values.get('rp_session')!;
    jar.values.set('rp_access', expired);
    identityRequests.length = 0;
    const refreshed = await call(stack.url, 'GET', '/api/recent-profiles', jar);
    expect(refreshed.status).toBe(200);
    await nc.flush();
    expect(identityRequests.filter((s) => s.endsWith('identity.sessions.refresh'))).toHaveLength(1);
    expect(jar.values.get('rp_access')).not.toBe(expired);
    expect(jar.values.get('rp_session')).not.toBe(oldSession);
    expect(claimsOf(jar).sid).toBe(claims.sid);
    // The new access token then serves alone, on either replica.
    expect((await call(secondUrl, 'GET', '/api/auth/me', jar.only('rp_access'))).status).toBe(200);
  });

  it('lets parallel requests of one browser refresh with the same session cookie', async () => {
    const { jar } = await signUp();
    const sessionOnly = jar.only('rp_session');
    const statuses = await Promise.all(
      Array.from({ length: 4 }, () => call(stack.url, 'GET', '/api/recent-profiles', sessionOnly.only('rp_session'))),
    );
    expect(statuses.map((r) => r.status)).toEqual([200, 200, 200, 200]);
  });

  it('refuses a session idle for longer than the idle timeout, though not yet expired', async () => {
    const { jar, user } = await signUp();
    await db.query(`UPDATE identity.sessions SET last_used_at = now() - interval '15 days' WHERE user_id = $1`, [
      user.id,
    ]);
    const res = await call(stack.url, 'GET', '/api/auth/me', jar.only('rp_session'));
    expect(res.status).toBe(401);
  });

  it('signs out on one replica and the other refuses the old access token at once', async () => {
    const { jar } = await signUp();
    const access = jar.only('rp_access');
    expect((await call(secondUrl, 'GET', '/api/auth/me', access)).status).toBe(200);
    const out = await call(stack.url, 'POST', '/api/auth/signout', jar);
    expect(out.status).toBe(200);
    expect((await call(secondUrl, 'GET', '/api/auth/me', access)).status).toBe(401);
    expect((await call(stack.url, 'GET', '/api/auth/me', access)).status).toBe(401);
  });

  it('signs out everywhere: every session of the user is refused on every replica', async () => {
    const { jar: laptop, email } = await signUp();
    const { jar: phone } = await signIn(email);
    const phoneAccess = phone.only('rp_access');
    const phoneSession = phone.only('rp_session');
    expect((await call(secondUrl, 'GET', '/api/auth/me', phoneAccess)).status).toBe(200);

    expect((await call(stack.url, 'POST', '/api/auth/signout-everywhere')).status).toBe(401);
    const res = await call(stack.url, 'POST', '/api/auth/signout-everywhere', laptop);
    expect(res).toMatchObject({ status: 200, body: { success: true } });
    expect((await call(secondUrl, 'GET', '/api/auth/me', phoneAccess)).status).toBe(401);
    expect((await call(secondUrl, 'GET', '/api/auth/me', phoneSession)).status).toBe(401);
    expect((await call(stack.url, 'GET', '/api/auth/me', laptop)).status).toBe(401);
  }, 60_000);

  it('changes the password: wrong current password 400, spec rules, every other session revoked', async () => {
    const { jar: laptop, email } = await signUp();
    const { jar: phone } = await signIn(email);
    const phoneAccess = phone.only('rp_access');

    const wrong = await call(stack.url, 'POST', '/api/auth/change-password', laptop, {
      currentPassword: 'Wrong1234',
      newPassword: 'Newsecret1',
    });
    expect(wrong).toMatchObject({ status: 400, body: { message: 'Your current password is incorrect.' } });
    const weak = await call(stack.url, 'POST', '/api/auth/change-password', laptop, {
      currentPassword: 'Secret123',
      newPassword: 'newsecret1',
    });
    expect(weak).toMatchObject({
      status: 400,
      body: { message: 'Password must contain at least one uppercase letter' },
    });
    expect((await call(secondUrl, 'GET', '/api/auth/me', phoneAccess)).status).toBe(200);

    const changed = await call(stack.url, 'POST', '/api/auth/change-password', laptop, {
      currentPassword: 'Secret123',
      newPassword: 'Newsecret1',
    });
    expect(changed).toMatchObject({ status: 200, body: { success: true } });
    expect((await call(secondUrl, 'GET', '/api/auth/me', phoneAccess)).status).toBe(401);
    expect((await call(secondUrl, 'GET', '/api/auth/me', phone.only('rp_session'))).status).toBe(401);
    // The session that changed it stays signed in, through its access token and its refresh alike.
    expect((await call(secondUrl, 'GET', '/api/auth/me', laptop.only('rp_access'))).status).toBe(200);
    expect((await call(stack.url, 'GET', '/api/auth/me', laptop.only('rp_session'))).status).toBe(200);
    expect((await signIn(email, 'Secret123')).status).toBe(401);
    expect((await signIn(email, 'Newsecret1')).status).toBe(200);
    // Seven argon2 hashes: slow on a machine shared by many test runs.
  }, 120_000);

  it('a replica that missed the broadcast (started after a sign-out, no keys configured) learns the keys from identity and still refuses the signed-out token', async () => {
    const { jar: live } = await signUp();
    const { jar: gone } = await signUp();
    const goneAccess = gone.only('rp_access');
    expect((await call(stack.url, 'POST', '/api/auth/signout', gone)).status).toBe(200);

    const port = await freePort();
    const late = startProcess('gateway', { ...stack.env, PORT: String(port), ACCESS_TOKEN_PUBLIC_KEYS: '' });
    try {
      const lateUrl = `http://127.0.0.1:${port}`;
      await waitForReady(lateUrl, 120_000);
      const before = identityRequests.length;
      // The access cookie alone (nothing to refresh with): 200 once the replica holds identity's keys.
      await eventually(
        async () => expect((await call(lateUrl, 'GET', '/api/auth/me', live.only('rp_access'))).status).toBe(200),
        {
          timeoutMs: 20_000,
        },
      );
      expect(identityRequests.slice(before).filter((s) => s.endsWith('identity.sessions.refresh'))).toEqual([]);
      expect(identityRequests.some((s) => s.endsWith('identity.keys.list'))).toBe(true);
      // The revocation went out before this replica existed: it read it from the revocation stream.
      expect((await call(lateUrl, 'GET', '/api/auth/me', goneAccess)).status).toBe(401);
    } finally {
      await late.stop();
    }
  }, 200_000);

  it('clears both cookies when the session behind them has ended', async () => {
    const { jar } = await signUp();
    const stale = jar.only('rp_session');
    await call(stack.url, 'POST', '/api/auth/signout', jar);
    const res = await call(stack.url, 'GET', '/api/auth/me', stale);
    expect(res.status).toBe(401);
    expect(res.setCookies.some((line) => /^rp_session=;/.test(line))).toBe(true);
    expect(res.setCookies.some((line) => /^rp_access=;/.test(line))).toBe(true);
  });
});
