import { describe, expect, it } from '@jest/globals';
import { approvedRedirect, deniedRedirect, renderAuthorizePage } from './oauth-pages.js';

describe('Strava OAuth redirects', () => {
  it('deny: state and error=access_denied, keeping existing query', () => {
    expect(deniedRedirect('https://app.test/cb?x=1', 's1')).toBe(
      'https://app.test/cb?x=1&state=s1&error=access_denied',
    );
  });

  it('approve: state, code and the granted scope comma-separated', () => {
    expect(approvedRedirect('https://app.test/cb', 's1', 'abc', ['read', 'activity:read_all'])).toBe(
      'https://app.test/cb?state=s1&code=abc&scope=read%2Cactivity%3Aread_all',
    );
  });
});

describe('authorize page', () => {
  const page = renderAuthorizePage({
    clientId: 'local-client',
    redirectUri: 'https://app.test/cb',
    state: 'st"ate',
    requestedScopes: ['read', 'activity:read_all'],
    athletes: [{ id: 1, name: 'Riley Runner' }],
    selectedAthleteId: 1,
  });

  it('offers Authorize (a form) and Cancel (a link to the denied redirect), no scripts', () => {
    expect(page.html).toContain('<form method="post" action="/oauth/authorize">');
    expect(page.html).toContain('>Authorize</button>');
    expect(page.html).toContain('error=access_denied');
    expect(page.html).toContain('value="activity:read_all" checked');
    expect(page.html).not.toContain('<script');
    expect(page.html).toContain('value="st&quot;ate"');
    expect(page.headers['Content-Security-Policy']).toContain("form-action 'self' https://app.test");
  });
});
