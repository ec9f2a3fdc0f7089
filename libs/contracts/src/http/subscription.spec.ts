import { describe, expect, it } from '@jest/globals';
import { STRAVA_TOKENS_REFUSED } from '../product/strava.js';
import { stravaConnectBodySchema } from './strava.js';
import {
  billingPortalRequestSchema,
  createCheckoutRequestSchema,
  INVALID_DISCOUNT_CODE_MESSAGE,
} from './subscription.js';

const base = {
  userId: '6f1c1c3e-8a43-4c55-9a39-0c7f3f0a6a11',
  successUrl: 'http://localhost:3000/payment?success=true',
  cancelUrl: 'http://localhost:3000/payment?canceled=true',
};

describe('createCheckoutRequestSchema', () => {
  it('trims a discount code and treats an empty or null one as none', () => {
    expect(createCheckoutRequestSchema.parse({ ...base, discountCode: '  RUN50 ' }).discountCode).toBe('RUN50');
    expect(createCheckoutRequestSchema.parse({ ...base, discountCode: '   ' }).discountCode).toBeUndefined();
    expect(createCheckoutRequestSchema.parse({ ...base, discountCode: null }).discountCode).toBeUndefined();
  });

  it('answers an absurdly long code as an invalid one', () => {
    const result = createCheckoutRequestSchema.safeParse({ ...base, discountCode: 'X'.repeat(65) });
    expect(result.error?.issues[0]?.message).toBe(INVALID_DISCOUNT_CODE_MESSAGE);
  });
});

describe('URLs and tokens passed on to Stripe and Strava', () => {
  // Both answered 503 in the property suite (FC_RUNS=2000): the raw value reached the provider.
  it('passes site URLs on as the URL parser reads them, invisible characters gone', () => {
    expect(billingPortalRequestSchema.parse({ returnUrl: 'http://l\uFEFFocalhost:41083/dashboard' }).returnUrl).toBe(
      'http://localhost:41083/dashboard',
    );
    expect(createCheckoutRequestSchema.parse(base).successUrl).toBe(base.successUrl);
  });

  it('refuses Strava tokens that are not visible ASCII, which no HTTP header can carry', () => {
    const body = {
      userId: base.userId,
      stravaAccessToken: 'a',
      stravaRefreshToken: 'r',
      stravaAthleteId: '1',
      stravaTokenExpiresAt: '2030-01-01T00:00:00Z',
    };
    expect(stravaConnectBodySchema.safeParse(body).success).toBe(true);
    for (const token of ['\u{DF4A2}', 'é', 'a b']) {
      const result = stravaConnectBodySchema.safeParse({ ...body, stravaAccessToken: token });
      expect(result.error?.issues[0]?.message).toBe(STRAVA_TOKENS_REFUSED);
    }
  });
});
