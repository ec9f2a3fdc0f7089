import { contentSecurityPolicyDirectives } from './content-security-policy.js';

describe('contentSecurityPolicyDirectives', () => {
  it('lets the app load scripts and connect only to its own origin when analytics is off', () => {
    const directives = contentSecurityPolicyDirectives({ googleAnalytics: false });
    expect(directives.scriptSrc).toEqual(["'self'"]);
    expect(directives.connectSrc).toEqual(["'self'"]);
    expect(JSON.stringify(directives)).not.toContain('google');
  });

  it('opens scripts and connections to the GA4 hosts, and nothing else, when analytics is configured', () => {
    const directives = contentSecurityPolicyDirectives({ googleAnalytics: true });
    expect(directives.scriptSrc).toEqual(["'self'", 'https://*.googletagmanager.com']);
    expect(directives.connectSrc).toContain('https://*.google-analytics.com');
    expect(directives.defaultSrc).toEqual(["'self'"]);
    expect(directives.frameAncestors).toEqual(["'none'"]);
  });
});
