import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import { apiClient } from './support/api-client.js';
import { STACK_START_TIMEOUT_MS, startGatewayStack, type Stack } from './support/gateway-stack.js';
import { mailsTo, newestLink } from './support/outbox-mails.js';

const PASSWORD = 'Secret123';
const INVALID_LINK = 'This confirmation link is invalid or has expired.';
const INVALID_RESET_LINK = 'This reset link is invalid or has expired.';

/** Issue #27: a session taken over must not outlive the owner's recovery through a pending e-mail change. */
describe('account recovery against a hijacked session', () => {
  let stack: Stack;
  const { call, signUp } = apiClient(() => stack.url);

  /** A second browser of the same account: its session cookie and its access cookie apart. */
  const signIn = async (email: string, password = PASSWORD) => {
    const res = await fetch(`${stack.url}/api/auth/signin`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password }),
    });
    expect(res.status).toBe(200);
    const cookies = res.headers.getSetCookie().map((c) => c.split(';')[0]!);
    return {
      session: cookies.find((c) => c.startsWith('rp_session='))!,
      access: cookies.find((c) => c.startsWith('rp_access='))!,
    };
  };
  const askEmailChange = async (cookie: string, email: string) =>
    expect(await call('POST', '/api/auth/change-email', { body: { email, password: PASSWORD }, cookie })).toMatchObject(
      { status: 200 },
    );
  const resetPassword = async (email: string, password: string) => {
    expect((await call('POST', '/api/auth/password-reset', { body: { email } })).status).toBe(200);
    const token = (await newestLink(email, '/reset-password')).searchParams.get('token');
    expect(await call('POST', '/api/auth/password-reset/confirm', { body: { token, password } })).toMatchObject({
      status: 200,
    });
  };
  const confirmChange = async (link: URL) =>
    call('POST', '/api/auth/verify', { body: { token: link.searchParams.get('token'), type: 'email_change' } });
  const emailOf = async (email: string, password: string) =>
    (await call('GET', '/api/auth/me', { cookie: (await signIn(email, password)).session })).body.user.email as string;

  beforeAll(async () => {
    stack = await startGatewayStack();
  }, STACK_START_TIMEOUT_MS);

  afterAll(async () => {
    await stack?.stop();
  });

  it('a change asked from a hijacked session cannot be confirmed once the owner resets the password', async () => {
    const owner = await signUp();
    const hijacker = await signIn(owner.email);
    const attackerEmail = `attacker-${randomUUID()}@example.com`;
    await askEmailChange(hijacker.session, attackerEmail);
    const change = await newestLink(attackerEmail, '/auth/confirm');

    await resetPassword(owner.email, 'Recovered456');
    const confirmed = await confirmChange(change);
    expect(confirmed).toMatchObject({ status: 400, body: { message: INVALID_LINK } });
    expect(await emailOf(owner.email, 'Recovered456')).toBe(owner.email);
  });

  it('a password change ends a pending e-mail change and every reset link', async () => {
    const owner = await signUp();
    const attackerEmail = `attacker-${randomUUID()}@example.com`;
    await askEmailChange(owner.cookie, attackerEmail);
    const change = await newestLink(attackerEmail, '/auth/confirm');
    expect((await call('POST', '/api/auth/password-reset', { body: { email: owner.email } })).status).toBe(200);
    const reset = await newestLink(owner.email, '/reset-password');

    const changed = await call('POST', '/api/auth/change-password', {
      body: { currentPassword: PASSWORD, newPassword: 'Changed789' },
      cookie: owner.cookie,
    });
    expect(changed.status).toBe(200);
    expect(await confirmChange(change)).toMatchObject({ status: 400, body: { message: INVALID_LINK } });
    const lateReset = await call('POST', '/api/auth/password-reset/confirm', {
      body: { token: reset.searchParams.get('token'), password: 'Attacker000' },
    });
    expect(lateReset).toMatchObject({ status: 400, body: { message: INVALID_RESET_LINK } });
    expect(await emailOf(owner.email, 'Changed789')).toBe(owner.email);
  });

  it('a confirmed e-mail change ends the reset links mailed to the old address', async () => {
    const owner = await signUp();
    expect((await call('POST', '/api/auth/password-reset', { body: { email: owner.email } })).status).toBe(200);
    const reset = await newestLink(owner.email, '/reset-password');
    const newEmail = `moved-${randomUUID()}@example.com`;
    await askEmailChange(owner.cookie, newEmail);
    expect((await confirmChange(await newestLink(newEmail, '/auth/confirm'))).status).toBe(200);

    const late = await call('POST', '/api/auth/password-reset/confirm', {
      body: { token: reset.searchParams.get('token'), password: 'Attacker000' },
    });
    expect(late).toMatchObject({ status: 400, body: { message: INVALID_RESET_LINK } });
  });

  it('tells the current address of a change, with a "this wasn\'t me" link that cancels it and signs everyone out', async () => {
    const owner = await signUp();
    const hijacker = await signIn(owner.email);
    const attackerEmail = `attacker-${randomUUID()}@example.com`;
    await askEmailChange(hijacker.session, attackerEmail);
    const change = await newestLink(attackerEmail, '/auth/confirm');

    const notMe = await newestLink(owner.email, '/cancel-email-change');
    const notice = mailsTo(owner.email).find((m) => m.includes(notMe.searchParams.get('token')!))!;
    expect(notice).toContain(attackerEmail);
    expect(notMe.origin).toBe(stack.env.PUBLIC_URL);

    const bad = await call('POST', '/api/auth/change-email/cancel', { body: { token: 'not-a-token' } });
    expect(bad).toMatchObject({ status: 400, body: { message: INVALID_LINK } });
    const cancelled = await call('POST', '/api/auth/change-email/cancel', {
      body: { token: notMe.searchParams.get('token') },
    });
    expect(cancelled).toMatchObject({ status: 200, body: { success: true } });

    expect(await confirmChange(change)).toMatchObject({ status: 400, body: { message: INVALID_LINK } });
    // Every browser is signed out at once: the hijacker's access token alone no longer writes.
    const write = await call('POST', '/api/auth/signout-everywhere', { cookie: hijacker.access });
    expect(write.status).toBe(401);
    for (const cookie of [owner.cookie, hijacker.session])
      expect((await call('GET', '/api/auth/me', { cookie })).status).toBe(401);
    // The link works once.
    const reused = await call('POST', '/api/auth/change-email/cancel', {
      body: { token: notMe.searchParams.get('token') },
    });
    expect(reused).toMatchObject({ status: 400, body: { message: INVALID_LINK } });
    expect(await emailOf(owner.email, PASSWORD)).toBe(owner.email);
  });
});
