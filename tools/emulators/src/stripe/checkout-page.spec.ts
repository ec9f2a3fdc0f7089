import { describe, expect, it } from '@jest/globals';
import { describeCoupon, describeOffer, renderCheckoutPage, type CheckoutPageView } from './checkout-page.js';

const view: CheckoutPageView = {
  sessionId: 'cs_test_1',
  status: 'open',
  productName: 'RunPledge membership',
  unitAmount: 500,
  currency: 'usd',
  interval: 'month',
  intervalCount: 1,
  quantity: 1,
  trialDays: 30,
  trialEndsAt: Date.UTC(2026, 6, 1) / 1000,
  coupon: {
    percent_off: 20,
    amount_off: null,
    currency: null,
    duration: 'repeating',
    duration_in_months: 3,
    name: null,
  },
  promotionCode: 'SPRING20',
  recurringAfterDiscount: 400,
  allowPromotionCodes: false,
  promotionCodeError: null,
  email: 'runner@example.com',
  needsEmail: false,
  cancelUrl: 'https://app.test/cancel',
  successUrl: 'https://app.test/ok?session_id=cs_test_1',
};

describe('hosted checkout page', () => {
  it('shows the offer, the discount and both buttons as plain forms', () => {
    const { html } = renderCheckoutPage(view);
    expect(html).toContain('$5.00/month after a 30-day free trial');
    expect(html).toContain('SPRING20');
    expect(html).toContain('20% off for 3 months');
    expect(html).toContain('$4.00/month');
    expect(html).toMatch(/<form method="post" action="\/c\/pay\/cs_test_1\/complete"[^>]*>/);
    expect(html).toContain('>Start trial</button>');
    expect(html).toContain('>Cancel</button>');
  });

  it('has no scripts or external assets and a CSP allowing only its style and form targets', () => {
    const { html, headers } = renderCheckoutPage(view);
    expect(html).not.toMatch(/<script|src="http|href="http[^"]*\.css/);
    const csp = headers['Content-Security-Policy']!;
    expect(csp).toContain("default-src 'none'");
    expect(csp).toMatch(/style-src 'sha256-[A-Za-z0-9+/=]+'/);
    expect(csp).toContain("form-action 'self' https://app.test");
    expect(csp).not.toContain('unsafe-inline');
  });

  it('escapes what it shows', () => {
    const { html } = renderCheckoutPage({ ...view, productName: '<img src=x onerror=alert(1)>' });
    expect(html).not.toContain('<img src=x');
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;');
  });

  it('offers a code field only when promotion codes are allowed, with the error', () => {
    expect(renderCheckoutPage(view).html).not.toContain('name="code"');
    const withCodes = renderCheckoutPage({
      ...view,
      allowPromotionCodes: true,
      promotionCodeError: 'This code is invalid.',
    });
    expect(withCodes.html).toContain('name="code"');
    expect(withCodes.html).toContain('This code is invalid.');
  });

  it('says when the session is no longer open', () => {
    expect(renderCheckoutPage({ ...view, status: 'expired' }).html).toContain('This checkout session has expired.');
  });

  it('describes offers and coupons', () => {
    expect(describeOffer({ ...view, trialDays: null })).toBe('$5.00/month');
    expect(
      describeCoupon({ ...view.coupon!, percent_off: null, amount_off: 150, currency: 'usd', duration: 'once' }),
    ).toBe('$1.50 off the first payment');
  });
});
