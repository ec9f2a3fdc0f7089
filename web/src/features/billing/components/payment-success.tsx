import { BUSINESS } from '@runpledge/contracts';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { useToast } from '@/components/ui/toast-context';
import { trackEvent, trackFunnelStep } from '@/lib/analytics';
import { useAuth } from '@/lib/auth';
import { readItem, writeItem } from '@/lib/storage';
import { reconcileCheckout } from '../api/reconcile-checkout';
import { useRedirectToPage } from '../hooks/use-redirect-to-page';
import { PaymentNotice } from './payment-notice';

const PURCHASE_TRACKED_KEY = 'purchase-tracked:';

/** `purchase` once per Checkout session, whatever the reloads and Back presses. */
function trackPurchaseOnce(sessionId: string): void {
  if (readItem('local', PURCHASE_TRACKED_KEY + sessionId)) return;
  writeItem('local', PURCHASE_TRACKED_KEY + sessionId, '1');
  trackEvent('purchase', { value: BUSINESS.monthlyPriceUsd, currency: 'USD', transaction_id: sessionId });
  trackFunnelStep('page_live');
}

/**
 * Back from Checkout with success=true (spec 4). The success screen shows only once billing has
 * confirmed the session is the signed-in runner's; then the page follows in 2 s, replacing this
 * entry so Back never shows it again. Anyone else sees a plain notice.
 */
export function PaymentSuccess({ sessionId }: { sessionId: string | null }) {
  const { user, loading, checkSubscription } = useAuth();
  const { toast } = useToast();
  const redirectToPage = useRedirectToPage();
  const [state, setState] = useState<'checking' | 'confirmed' | 'unconfirmed'>('checking');
  const started = useRef(false);

  useEffect(() => {
    if (loading || started.current) return;
    started.current = true;
    if (!user || !sessionId) {
      setState('unconfirmed');
      return;
    }
    // Makes the page live now even if Stripe's webhook is late, and tells whose session it is.
    reconcileCheckout(sessionId).then(
      () => {
        setState('confirmed');
        trackPurchaseOnce(sessionId);
        void checkSubscription();
        toast({ title: 'Payment Successful!', description: 'Your free trial has started.', variant: 'success' });
        redirectToPage(user.id);
      },
      (error: unknown) => {
        console.error('Checkout reconcile failed:', error);
        setState('unconfirmed');
      },
    );
  }, [loading, user, sessionId, toast, redirectToPage, checkSubscription]);

  if (state === 'checking') {
    return (
      <PaymentNotice title="Checking your payment…" tone="info" titleAs="h1">
        <p>One moment.</p>
      </PaymentNotice>
    );
  }
  if (state === 'unconfirmed') {
    return (
      <PaymentNotice title="Nothing to show here" tone="info" titleAs="h1">
        {user ? (
          <p>
            This payment is not one of yours. Your pages are on your{' '}
            <Link to="/dashboard" className="font-semibold text-brand-700 underline">
              dashboard
            </Link>
            .
          </p>
        ) : (
          <p>
            <Link to="/login?redirect=/dashboard" className="font-semibold text-brand-700 underline">
              Sign in
            </Link>{' '}
            to see your subscription and your page.
          </p>
        )}
      </PaymentNotice>
    );
  }
  return (
    <PaymentNotice title="Payment Successful!" tone="success" titleAs="h1">
      <p>Your {BUSINESS.trialDays}-day free trial has started. Taking you to your page…</p>
    </PaymentNotice>
  );
}
