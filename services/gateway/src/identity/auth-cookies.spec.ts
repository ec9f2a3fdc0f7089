import { describe, expect, it } from '@jest/globals';
import { cookieNames } from './auth-cookies.js';

describe('cookie names', () => {
  it('are __Host- prefixed in production (the browser then insists on Secure, Path=/ and no Domain)', () => {
    expect(cookieNames('production')).toEqual({ session: '__Host-rp_session', access: '__Host-rp_access' });
    expect(cookieNames('development')).toEqual({ session: 'rp_session', access: 'rp_access' });
  });
});
