import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import {
  eventually,
  natsRequester,
  signUpRunner,
  stravaSetupBody,
  stripeEmulatorCalls,
} from '../../../scripts/jest/helpers.mjs';
import { STACK_START_TIMEOUT_MS, startGatewayStack, type Stack } from './support/gateway-stack.js';
import { pageBody } from './support/api-client.js';
import { mailsTo, newestLink } from './support/outbox-mails.js';

interface Runner {
  id: string;
  email: string;
  cookie: string;
}

const PASSWORD = 'Secret123';
const SCHEMAS = ['identity', 'profiles', 'billing', 'fitness'];

describe('the account calls of API.md: reset, e-mail change, deletion across services, export', () => {
  let stack: Stack;
  let db: pg.Client;

  const call = async (method: string, path: string, body?: unknown, cookie?: string) => {
    const res = await fetch(`${stack.url}${path}`, {
      method,
      headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...(cookie ? { cookie } : {}) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      // not JSON
    }
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- responses are checked field by field
    return { status: res.status, body: parsed as any, headers: res.headers };
  };
  const stripe = stripeEmulatorCalls(() => stack.stripeApiBase);
  const strava = async (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) => {
    const res = await fetch(`${stack.env.STRAVA_BASE_URL}${path}`, {
      method,
      headers: { 'content-type': 'application/json', ...headers },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: res.status, body: await res.json().catch(() => undefined) };
  };

  const signUp = (): Promise<Runner> => signUpRunner(stack.url, { password: PASSWORD });
  const signIn = (email: string, password: string) => call('POST', '/api/auth/signin', { email, password });

  const newSlug = () => `acct-${randomUUID().slice(0, 8)}`;
  const createPage = async (runner: Runner) => {
    const res = await call('POST', '/api/runner-profile', pageBody({ urlSlug: newSlug() }), runner.cookie);
    expect(res.status).toBe(201);
    return res.body.profile as { id: string; urlSlug: string };
  };
  /** Checkout completed in the emulator and reconciled: a trialing Stripe subscription, the page published. */
  const subscribe = async (runner: Runner) => {
    const res = await call(
      'POST',
      '/api/subscription/create-checkout',
      { userId: runner.id, successUrl: `${stack.url}/payment?success=true`, cancelUrl: `${stack.url}/payment` },
      runner.cookie,
    );
    expect(res.status).toBe(200);
    const sessionId = (res.body.url as string).match(/cs_[A-Za-z0-9_]+/)![0];
    const completed = await stripe('POST', `/_emulator/checkout/sessions/${sessionId}/complete`, {});
    const reconciled = await call('POST', '/api/subscription/reconcile', { sessionId }, runner.cookie);
    expect(reconciled.body).toMatchObject({ status: 'trialing', hasAccess: true });
    return completed.session.subscription as string;
  };
  const connectStrava = async (runner: Runner) => {
    const seeded = (await strava('POST', '/_emulator/athletes', { activities: 2 })).body;
    const res = await call(
      'POST',
      '/api/fitness/strava/complete-setup',
      stravaSetupBody(runner.id, seeded),
      runner.cookie,
    );
    expect(res).toMatchObject({ status: 200, body: { success: true } });
    return seeded as { access_token: string };
  };

  /** Rows anywhere in the four schemas that still name the user or one of their pages. */
  const leftovers = async (userId: string, pageIds: string[], email: string) => {
    const columns = await db.query<{ table_schema: string; table_name: string; column_name: string }>(
      `SELECT table_schema, table_name, column_name FROM information_schema.columns
       WHERE table_schema = ANY($1) AND column_name IN ('user_id', 'runner_profile_id', 'profile_id', 'email')`,
      [SCHEMAS],
    );
    const found: string[] = [];
    for (const { table_schema, table_name, column_name } of columns.rows) {
      const values = column_name === 'user_id' ? [userId] : column_name === 'email' ? [email] : pageIds;
      if (values.length === 0) continue;
      const { rows } = await db.query(
        `SELECT count(*)::int AS n FROM "${table_schema}"."${table_name}" WHERE "${column_name}"::text = ANY($1)`,
        [values],
      );
      if (rows[0].n > 0) found.push(`${table_schema}.${table_name}.${column_name}: ${rows[0].n}`);
    }
    for (const schema of SCHEMAS) {
      const { rows } = await db.query(
        `SELECT type FROM "${schema}"."outbox" WHERE payload::text LIKE $1 AND published_at IS NOT NULL`,
        [`%${email}%`],
      );
      for (const row of rows) found.push(`${schema}.outbox: ${row.type} with the e-mail`);
    }
    return found;
  };

  beforeAll(async () => {
    stack = await startGatewayStack();
    db = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await db.connect();
    // A busy machine may take minutes to start the stack (STACK_READY_TIMEOUT_MS).
  }, STACK_START_TIMEOUT_MS);

  afterAll(async () => {
    await db?.end();
    await stack?.stop();
  });

  describe('password reset', () => {
    it('answers the same for a known and an unknown address, and mails only the known one a 1-hour link', async () => {
      const runner = await signUp();
      const unknown = `nobody-${randomUUID()}@example.com`;
      const known = await call('POST', '/api/auth/password-reset', { email: runner.email.toUpperCase() });
      const stranger = await call('POST', '/api/auth/password-reset', { email: unknown });
      expect(known.status).toBe(200);
      expect(stranger.status).toBe(200);
      expect(known.body).toEqual({ success: true });
      expect(stranger.body).toEqual(known.body);

      const link = await newestLink(runner.email, '/reset-password');
      expect(link.origin).toBe(stack.env.PUBLIC_URL);
      expect(mailsTo(unknown)).toHaveLength(0);
      const { rows } = await db.query(
        `SELECT token_hash, expires_at - created_at AS ttl FROM identity.email_tokens WHERE user_id = $1 AND type = 'password_reset'`,
        [runner.id],
      );
      expect(rows).toHaveLength(1);
      expect(rows[0].token_hash).not.toContain(link.searchParams.get('token'));
      expect(rows[0].ttl).toMatchObject({ hours: 1 });
    });

    it('sets a new password with the sign-up rules, ends every session, and works once', async () => {
      const runner = await signUp();
      const second = (await signIn(runner.email, PASSWORD)).headers.get('set-cookie')!.split(';')[0]!;
      await call('POST', '/api/auth/password-reset', { email: runner.email });
      const token = (await newestLink(runner.email, '/reset-password')).searchParams.get('token')!;

      const weak = await call('POST', '/api/auth/password-reset/confirm', { token, password: 'alllowercase1' });
      expect(weak.status).toBe(400);
      expect(weak.body.message).toBe('Password must contain at least one uppercase letter');

      const done = await call('POST', '/api/auth/password-reset/confirm', { token, password: 'NewSecret456' });
      expect(done).toMatchObject({ status: 200, body: { success: true } });
      for (const cookie of [runner.cookie, second])
        expect((await call('GET', '/api/auth/me', undefined, cookie)).status).toBe(401);
      expect((await signIn(runner.email, PASSWORD)).status).toBe(401);
      expect((await signIn(runner.email, 'NewSecret456')).status).toBe(200);

      const again = await call('POST', '/api/auth/password-reset/confirm', { token, password: 'Another789X' });
      expect(again.status).toBe(400);
      expect(again.body.message).toBe('This reset link is invalid or has expired.');
    });

    it('refuses an expired link, and a link replaced by a newer one', async () => {
      const runner = await signUp();
      await call('POST', '/api/auth/password-reset', { email: runner.email });
      const first = (await newestLink(runner.email, '/reset-password')).searchParams.get('token')!;
      await eventually(async () => expect(mailsTo(runner.email).length).toBeGreaterThanOrEqual(2));
      const count = mailsTo(runner.email).length;
      await call('POST', '/api/auth/password-reset', { email: runner.email });
      await eventually(async () => expect(mailsTo(runner.email).length).toBe(count + 1));
      const second = (await newestLink(runner.email, '/reset-password')).searchParams.get('token')!;
      expect(second).not.toBe(first);

      const replaced = await call('POST', '/api/auth/password-reset/confirm', {
        token: first,
        password: 'NewSecret456',
      });
      expect(replaced.body.message).toBe('This reset link is invalid or has expired.');
      await db.query(
        `UPDATE identity.email_tokens SET expires_at = now() - interval '1 second' WHERE user_id = $1 AND type = 'password_reset'`,
        [runner.id],
      );
      const expired = await call('POST', '/api/auth/password-reset/confirm', {
        token: second,
        password: 'NewSecret456',
      });
      expect(expired).toMatchObject({ status: 400, body: { message: 'This reset link is invalid or has expired.' } });
      expect((await signIn(runner.email, PASSWORD)).status).toBe(200);
    });

    it('throttles requests for one address with a 429 and Retry-After', async () => {
      const email = `nobody-${randomUUID()}@example.com`;
      const statuses: number[] = [];
      for (let i = 0; i < 3; i += 1) statuses.push((await call('POST', '/api/auth/password-reset', { email })).status);
      expect(statuses).toEqual([200, 200, 200]);
      const limited = await call('POST', '/api/auth/password-reset', { email });
      expect(limited.status).toBe(429);
      expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    });
  });

  describe('e-mail change', () => {
    it('needs the password, refuses a taken address with 409, and changes only once the new address confirms', async () => {
      const runner = await signUp();
      const other = await signUp();
      const newEmail = `moved-${randomUUID()}@example.com`;

      const wrong = await call(
        'POST',
        '/api/auth/change-email',
        { email: newEmail, password: 'Wrong1234' },
        runner.cookie,
      );
      expect(wrong).toMatchObject({ status: 400, body: { message: 'Your password is incorrect.' } });
      const taken = await call(
        'POST',
        '/api/auth/change-email',
        { email: other.email, password: PASSWORD },
        runner.cookie,
      );
      expect(taken.status).toBe(409);
      expect((await call('POST', '/api/auth/change-email', { email: newEmail, password: PASSWORD })).status).toBe(401);

      const asked = await call(
        'POST',
        '/api/auth/change-email',
        { email: newEmail, password: PASSWORD },
        runner.cookie,
      );
      expect(asked).toMatchObject({ status: 200, body: { success: true } });
      expect((await call('GET', '/api/auth/me', undefined, runner.cookie)).body.user.email).toBe(runner.email);

      const link = await newestLink(newEmail, '/auth/confirm');
      expect(link.searchParams.get('type')).toBe('email_change');
      const confirmed = await call('POST', '/api/auth/verify', {
        token: link.searchParams.get('token'),
        type: 'email_change',
      });
      expect(confirmed).toMatchObject({
        status: 200,
        body: { success: true, user: { email: newEmail, emailVerified: true } },
      });
      expect((await call('GET', '/api/auth/me', undefined, runner.cookie)).body.user.email).toBe(newEmail);
      expect((await signIn(newEmail, PASSWORD)).status).toBe(200);
      expect((await signIn(runner.email, PASSWORD)).status).toBe(401);
      // The old address hears of the change; the link is single use.
      await eventually(async () => expect(mailsTo(runner.email).some((m) => m.includes('was changed'))).toBe(true));
      const reused = await call('POST', '/api/auth/verify', {
        token: link.searchParams.get('token'),
        type: 'email_change',
      });
      expect(reused).toMatchObject({
        status: 400,
        body: { message: 'This confirmation link is invalid or has expired.' },
      });
      // Profiles' copy of the account follows the change.
      await eventually(async () => {
        const { rows } = await db.query(`SELECT email FROM profiles.accounts WHERE user_id = $1`, [runner.id]);
        expect(rows[0]?.email).toBe(newEmail);
      });
    });
  });

  describe('export', () => {
    it('downloads everything held about the caller from every service as a JSON attachment', async () => {
      const runner = await signUp();
      const page = await createPage(runner);
      expect(
        (await call('POST', '/api/encouragement', { runnerProfileId: page.id, senderName: 'Sam', message: 'Go!' }))
          .status,
      ).toBe(201);
      const run = await call(
        'POST',
        '/api/activities',
        { name: 'Hand-entered long run', date: '2026-01-02', distanceKm: 21.1, durationSeconds: 7200 },
        runner.cookie,
      );
      expect(run.status).toBe(201);

      const res = await call('GET', '/api/account/export', undefined, runner.cookie);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/^application\/json/);
      expect(res.headers.get('content-disposition')).toMatch(
        /^attachment; filename="runpledge-data-\d{4}-\d{2}-\d{2}\.json"$/,
      );
      expect(res.body.identity.user).toMatchObject({ id: runner.id, email: runner.email });
      expect(res.body.identity.sessions.length).toBeGreaterThanOrEqual(1);
      expect(res.body.profiles.account.email).toBe(runner.email);
      expect(res.body.profiles.pages).toHaveLength(1);
      expect(res.body.profiles.pages[0]).toMatchObject({ id: page.id, urlSlug: page.urlSlug });
      expect(res.body.profiles.pages[0].fundraisingChallenges[0].description).toBe('Pick a song');
      expect(res.body.profiles.pages[0].encouragements).toEqual([
        expect.objectContaining({ senderName: 'Sam', message: 'Go!' }),
      ]);
      // The page's visit statistics (none yet: it is not published).
      expect(res.body.profiles.pages[0].dailyStats).toEqual([]);
      expect(res.body.fitness.activities).toEqual([expect.objectContaining({ name: 'Hand-entered long run' })]);
      expect(res.body.billing).toEqual({ subscription: null, lifetimeCodeRedemptions: [] });
      // Secrets are never part of it.
      expect(JSON.stringify(res.body)).not.toMatch(/password|token_?hash|\$argon2/i);

      expect((await call('GET', '/api/account/export')).status).toBe(401);
    });
  });

  describe('manual runs', () => {
    it('lets the runner edit and delete only their own runs entered by hand; the stats follow', async () => {
      const runner = await signUp();
      const other = await signUp();
      const page = await createPage(runner);
      const added = await call(
        'POST',
        '/api/activities',
        { name: 'Tempo', date: '2026-01-02', distanceKm: 10, durationSeconds: 3000 },
        runner.cookie,
      );
      expect(added.status).toBe(201);
      const id = added.body.id as string;
      const edit = { date: '2026-01-03', distanceKm: 16.09, durationSeconds: 4800, elevationGainMeters: 40 };

      expect((await call('PUT', `/api/activities/${id}`, edit, other.cookie)).status).toBe(404);
      expect((await call('PUT', `/api/activities/${id}`, edit)).status).toBe(401);
      const invalid = await call('PUT', `/api/activities/${id}`, { ...edit, distanceKm: 0 }, runner.cookie);
      expect(invalid).toMatchObject({ status: 400, body: { message: 'The distance must be more than 0' } });

      const updated = await call('PUT', `/api/activities/${id}`, edit, runner.cookie);
      expect(updated.status).toBe(200);
      expect(updated.body).toMatchObject({ id, distanceMeters: 16090, durationSeconds: 4800, elevationGainMeters: 40 });
      expect(updated.body.startDate.slice(0, 10)).toBe('2026-01-03');
      const stats = await call('GET', `/api/training-stats/${page.id}`, undefined, runner.cookie);
      expect(stats.body).toMatchObject({ hasTrainingData: true, runCount: 1 });
      expect(Number(stats.body.totalMiles)).toBeCloseTo(10, 0);

      expect((await call('DELETE', `/api/activities/${id}`, undefined, other.cookie)).status).toBe(404);
      expect((await call('DELETE', `/api/activities/${id}`, undefined, runner.cookie)).status).toBe(200);
      expect((await call('PUT', `/api/activities/${id}`, edit, runner.cookie)).status).toBe(404);
      const after = await call('GET', `/api/training-stats/${page.id}`, undefined, runner.cookie);
      expect(after.body).toMatchObject({ runCount: 0 });
    });
  });

  describe('deletion', () => {
    it('needs the password, then removes the user from every service: page 404, Stripe cancelled, Strava deauthorized, nothing left', async () => {
      const runner = await signUp();
      const page = await createPage(runner);
      const subscriptionId = await subscribe(runner);
      const seeded = await connectStrava(runner);
      await call(
        'POST',
        '/api/activities',
        { name: 'Manual run', date: '2026-01-02', distanceKm: 5, durationSeconds: 1800 },
        runner.cookie,
      );
      await call('POST', '/api/encouragement', { runnerProfileId: page.id, senderName: 'Sam', message: 'Go!' });
      expect((await call('GET', `/api/runner-profile/${page.urlSlug}`)).status).toBe(200);
      expect(
        (await strava('GET', '/api/v3/athlete', undefined, { authorization: `Bearer ${seeded.access_token}` })).status,
      ).toBe(200);
      // Wait for the backfill so a late sync does not write activities after the deletion.
      await eventually(
        async () =>
          expect((await call('GET', '/api/activities?limit=200', undefined, runner.cookie)).body.length).toBe(3),
        { timeoutMs: 15_000 },
      );
      expect(await leftovers(runner.id, [page.id], runner.email)).not.toEqual([]);

      const wrong = await call('DELETE', '/api/account', { password: 'Wrong1234' }, runner.cookie);
      expect(wrong).toMatchObject({ status: 400, body: { message: 'Your password is incorrect.' } });
      expect((await call('DELETE', '/api/account', { password: PASSWORD })).status).toBe(401);

      const deleted = await call('DELETE', '/api/account', { password: PASSWORD }, runner.cookie);
      expect(deleted).toMatchObject({ status: 200, body: { success: true } });
      expect(deleted.headers.get('set-cookie')).toMatch(/rp_session=;/);
      expect((await signIn(runner.email, PASSWORD)).status).toBe(401);
      expect((await call('GET', '/api/auth/me', undefined, runner.cookie)).status).toBe(401);

      await eventually(
        async () => {
          expect((await call('GET', `/api/runner-profile/${page.urlSlug}`)).status).toBe(404);
          const state = await stripe('GET', '/_emulator/state');
          expect(state.subscriptions.find((s: { id: string }) => s.id === subscriptionId)?.status).toBe('canceled');
          const athlete = await strava('GET', '/api/v3/athlete', undefined, {
            authorization: `Bearer ${seeded.access_token}`,
          });
          expect(athlete.status).toBe(401);
          expect(await leftovers(runner.id, [page.id], runner.email)).toEqual([]);
        },
        { timeoutMs: 20_000, intervalMs: 250 },
      );
      // Stripe's own cancellation webhook, arriving after, brings nothing back.
      await new Promise((r) => setTimeout(r, 1000));
      expect(await leftovers(runner.id, [page.id], runner.email)).toEqual([]);
    });

    it('handles the deletion event once even when it is delivered twice', async () => {
      const runner = await signUp();
      const page = await createPage(runner);
      const deleted = await call('DELETE', '/api/account', { password: PASSWORD }, runner.cookie);
      expect(deleted.status).toBe(200);
      await eventually(async () => expect(await leftovers(runner.id, [page.id], runner.email)).toEqual([]), {
        timeoutMs: 15_000,
      });
      // Replaying the same envelope into the stream: every consumer acks it without a second effect.
      const { rows } = await db.query(
        `SELECT id, type, payload, occurred_at FROM identity.outbox WHERE type = 'identity.user.deleted' AND payload->>'userId' = $1`,
        [runner.id],
      );
      expect(rows).toHaveLength(1);
      const countOf = async (sql: string) => Number((await db.query(sql, [rows[0].id, page.id])).rows[0].n);
      const processed = `SELECT (SELECT count(*) FROM profiles.processed_events WHERE event_id = $1)
            + (SELECT count(*) FROM billing.processed_events WHERE event_id = $1)
            + (SELECT count(*) FROM fitness.processed_events WHERE event_id = $1) + 0 * length($2) AS n`;
      const pageDeletedEvents = `SELECT count(*) AS n FROM profiles.outbox
            WHERE type = 'profiles.profile.deleted' AND payload->>'profileId' = $2 AND length($1::text) > 0`;
      await eventually(async () => expect(await countOf(processed)).toBe(3), { timeoutMs: 15_000 });
      expect(await countOf(pageDeletedEvents)).toBe(1);

      const nats = await natsRequester();
      const envelope = {
        id: rows[0].id,
        type: rows[0].type,
        occurredAt: new Date(rows[0].occurred_at).toISOString(),
        payload: rows[0].payload,
      };
      nats.nc.publish(`${process.env.NATS_SUBJECT_PREFIX ?? ''}evt.identity.user.deleted`, JSON.stringify(envelope));
      await nats.nc.flush();
      await nats.close();
      await new Promise((r) => setTimeout(r, 1500));
      expect(await countOf(processed)).toBe(3);
      expect(await countOf(pageDeletedEvents)).toBe(1);
      expect(await leftovers(runner.id, [page.id], runner.email)).toEqual([]);
    });
  });
});
