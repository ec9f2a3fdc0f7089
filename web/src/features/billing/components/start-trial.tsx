import { BUSINESS } from '@runpledge/contracts';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { PageHeading } from '@/components/layouts/page-heading';
import { useToast } from '@/components/ui/toast-context';
import { trackEvent, trackFunnelStep } from '@/lib/analytics';
import { ApiRequestError } from '@/lib/api-client';
import { useAuth } from '@/lib/auth';
import { createCheckout } from '../api/create-checkout';
import { useRedirectToPage } from '../hooks/use-redirect-to-page';
import { leaveFor } from '@/lib/leave-for';
import { AlreadyHasAccess, alreadyHasAccess } from './already-has-access';
import { PaymentNotice } from './payment-notice';
import { PricingCard } from './pricing-card';

const INVALID_CODE = 'Invalid discount code';
const CHECKOUT_FAILED = 'Failed to create checkout session. Please try again.';
const CANCELED = 'Your payment was canceled. You can try again anytime.';

/** Spec 5, /payment: the free trial's checkout (or lifetime access by code); a signed-out visitor is sent to sign in. */
export function StartTrial({ canceled }: { canceled: boolean }) {
  const { user, loading, subscription } = useAuth();
  const { toast } = useToast();
  const navigate = useNavigate();
  const redirectToPage = useRedirectToPage();
  const [pending, setPending] = useState(false);
  const [codeError, setCodeError] = useState<string>();
  const start = async (discountCode: string | undefined) => {
    if (!user) {
      toast({
        title: 'Authentication Required',
        description: 'Please sign in to continue with payment.',
        variant: 'destructive',
      });
      void navigate('/login?redirect=/payment');
      return;
    }
    setPending(true);
    setCodeError(undefined);
    trackEvent('begin_checkout', {
      value: BUSINESS.monthlyPriceUsd,
      currency: 'USD',
      ...(discountCode && { discount_code: discountCode }),
    });
    trackFunnelStep('checkout_started');
    try {
      const origin = window.location.origin;
      const result = await createCheckout({
        userId: user.id,
        successUrl: `${origin}/payment?success=true`,
        cancelUrl: `${origin}/payment?canceled=true`,
        discountCode,
      });
      if ('lifetimeAccess' in result) {
        if (discountCode) trackEvent('discount_code_applied', { discount_code: discountCode, lifetime_access: true });
        trackEvent('purchase', { value: 0, currency: 'USD', lifetime_access: true });
        trackFunnelStep('page_live');
        toast({ title: 'Lifetime Access Granted!', description: result.message, variant: 'success' });
        redirectToPage(user.id);
        return;
      }
      if (!result.url) throw new Error('no checkout URL');
      if (discountCode) trackEvent('discount_code_applied', { discount_code: discountCode, lifetime_access: false });
      leaveFor(result.url);
    } catch (error) {
      setPending(false);
      if (error instanceof ApiRequestError && error.status === 409) {
        // Already subscribed (another tab, or back here after paying): nothing to pay, the page is live.
        toast({
          title: 'Already subscribed',
          description: error.body?.message ?? 'Your subscription is already active.',
          variant: 'success',
        });
        redirectToPage(user.id);
        return;
      }
      const invalidCode = error instanceof ApiRequestError && error.body?.message === INVALID_CODE;
      if (invalidCode) setCodeError(INVALID_CODE);
      trackEvent('form_error', { form_name: 'payment', error_message: invalidCode ? INVALID_CODE : CHECKOUT_FAILED });
      toast({
        title: 'Payment Error',
        description: invalidCode ? INVALID_CODE : CHECKOUT_FAILED,
        variant: 'destructive',
      });
    }
  };

  if (user && alreadyHasAccess(subscription)) return <AlreadyHasAccess userId={user.id} subscription={subscription} />;

  return (
    <div className="space-y-8">
      <PageHeading
        lead={`Your fundraising page goes live today. Pay nothing for a month, then $${BUSINESS.monthlyPriceUsd}/month. Cancel anytime.`}
      >
        Start your free trial
      </PageHeading>
      {canceled && (
        <PaymentNotice title="Payment Canceled" tone="info">
          <p>{CANCELED}</p>
        </PaymentNotice>
      )}
      <PricingCard
        onStart={(code) => void start(code)}
        pending={pending}
        ready={!loading}
        codeError={codeError}
        onCodeChange={() => setCodeError(undefined)}
      />
      <p className="text-center text-sm text-muted-foreground">
        Need to change your details?{' '}
        <Link to="/createaccount" className="font-semibold text-brand-700 underline-offset-4 hover:underline">
          Back to account setup
        </Link>
      </p>
    </div>
  );
}
