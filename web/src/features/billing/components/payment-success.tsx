import { BUSINESS } from '@runpledge/contracts';
import { useEffect, useRef } from 'react';
import { useToast } from '@/components/ui/toast-context';
import { trackEvent, trackFunnelStep } from '@/lib/analytics';
import { reconcileCheckout } from '../api/reconcile-checkout';
import { useAuth } from '@/lib/auth';
import { useRedirectToPage } from '../hooks/use-redirect-to-page';
import { PaymentNotice } from './payment-notice';

/** Back from Checkout with success=true (spec 4): the trial is on, the page follows in 2 s. */
export function PaymentSuccess({ sessionId }: { sessionId: string | null }) {
  const { user, loading } = useAuth();
  const { toast } = useToast();
  const redirectToPage = useRedirectToPage();
  const done = useRef(false);

  useEffect(() => {
    if (loading || done.current) return;
    done.current = true;
    // Makes the page live now even if Stripe's webhook is late; the webhook still follows.
    if (sessionId && user) {
      reconcileCheckout(sessionId).catch((error: unknown) => console.error('Checkout reconcile failed:', error));
    }
    trackEvent('purchase', {
      value: BUSINESS.monthlyPriceUsd,
      currency: 'USD',
      ...(sessionId && { transaction_id: sessionId }),
    });
    trackFunnelStep('page_live');
    toast({ title: 'Payment Successful!', description: 'Your free trial has started.', variant: 'success' });
    redirectToPage(user?.id ?? null);
  }, [loading, user, sessionId, toast, redirectToPage]);

  return (
    <PaymentNotice title="Payment Successful!" tone="success" titleAs="h1">
      <p>Your {BUSINESS.trialDays}-day free trial has started. Taking you to your page…</p>
    </PaymentNotice>
  );
}
