// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { loginPathFor, safeRedirectPath } from './safe-redirect';

describe('safeRedirectPath', () => {
  it.each([
    ['/dashboard', '/dashboard'],
    ['/jane-doe/fitness', '/jane-doe/fitness'],
    ['/payment?success=true#top', '/payment?success=true#top'],
    ['/a/../dashboard', '/dashboard'],
  ])('keeps the same-site path %s', (raw, expected) => {
    expect(safeRedirectPath(raw)).toBe(expected);
  });

  it.each([
    ['protocol-relative', '//evil.com'],
    ['protocol-relative with path', '//evil.com/dashboard'],
    ['absolute https', 'https://evil.com/dashboard'],
    ['absolute http', 'http://evil.com'],
    ['javascript URL', 'javascript:alert(1)'],
    ['backslash', '/\\evil.com'],
    ['backslashes', '\\\\evil.com'],
    ['tab inside', '/\t/evil.com'],
    ['newline inside', '/\n/evil.com'],
    ['relative path', 'dashboard'],
    ['empty', ''],
    ['missing', null],
  ])('refuses a %s value', (_, raw) => {
    expect(safeRedirectPath(raw)).toBeNull();
  });
});

describe('loginPathFor', () => {
  it('keeps slashes readable and escapes the rest of the query', () => {
    expect(loginPathFor('/dashboard')).toBe('/login?redirect=/dashboard');
    expect(loginPathFor('/payment?success=true&x=1')).toBe('/login?redirect=/payment%3Fsuccess%3Dtrue%26x%3D1');
  });

  it('round-trips through URLSearchParams and the sanitizer', () => {
    const path = '/jane/fitness?strava_connected=true&a=b';
    const query = new URLSearchParams(loginPathFor(path).split('?')[1]);

    expect(safeRedirectPath(query.get('redirect'))).toBe(path);
  });
});
