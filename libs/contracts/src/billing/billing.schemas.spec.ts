import { describe, expect, it } from '@jest/globals';
import { createCheckoutRequestSchema, INVALID_DISCOUNT_CODE_MESSAGE } from './billing.schemas.js';

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
