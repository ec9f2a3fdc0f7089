import { afterAll, describe, expect, it } from '@jest/globals';

describe('cookie names', () => {
  const saved = { NODE_ENV: process.env.NODE_ENV, SESSION_SECRET: process.env.SESSION_SECRET };
  afterAll(() => Object.assign(process.env, saved));

  it('are __Host- prefixed in production (the browser then insists on Secure, Path=/ and no Domain)', async () => {
    process.env.NODE_ENV = 'production';
    process.env.SESSION_SECRET = 'a-production-secret-of-at-least-32-characters';
    const cookies = await import('./auth-cookies.js');
    expect([cookies.SESSION_COOKIE, cookies.ACCESS_COOKIE]).toEqual(['__Host-rp_session', '__Host-rp_access']);
  });
});
