/**
 * The Content-Security-Policy of everything the gateway serves. The web app runs from 'self' only;
 * with Google Analytics configured (GA_MEASUREMENT_ID, the same id the web build gets as
 * VITE_GA_MEASUREMENT_ID) it may also load gtag.js and send hits, to the hosts Google lists for
 * GA4 (https://developers.google.com/tag-platform/security/guides/csp).
 */
export function contentSecurityPolicyDirectives(options: { googleAnalytics: boolean }) {
  const google = options.googleAnalytics;
  return {
    defaultSrc: ["'self'"],
    scriptSrc: ["'self'", ...(google ? ['https://*.googletagmanager.com'] : [])],
    styleSrc: ["'self'", "'unsafe-inline'"],
    imgSrc: ["'self'", 'data:', 'https:'],
    fontSrc: ["'self'", 'data:'],
    connectSrc: [
      "'self'",
      ...(google
        ? ['https://*.google-analytics.com', 'https://*.analytics.google.com', 'https://*.googletagmanager.com']
        : []),
    ],
    frameAncestors: ["'none'"],
    formAction: ["'self'"],
    objectSrc: ["'none'"],
    baseUri: ["'self'"],
    upgradeInsecureRequests: null,
  };
}
