/**
 * The hosted pages (Checkout, customer portal, invoice): plain HTML forms, no scripts, no external
 * assets, each served with its own strict Content-Security-Policy.
 */
import { BASE_CSS, escapeHtml, renderPage } from '../common/html.js';
import { originOf } from '../common/http.js';
import { describeRecurringPrice } from './objects/catalog.js';
import type { StripeCoupon } from './objects/discounts.js';
import type { StripeInvoice } from './objects/invoices.js';
import { formatMoney } from './objects/money.js';
import type { StripeSubscription } from './objects/subscriptions.js';

export interface CheckoutPageView {
  sessionId: string;
  status: 'open' | 'complete' | 'expired';
  productName: string;
  unitAmount: number;
  currency: string;
  interval: 'day' | 'week' | 'month' | 'year';
  intervalCount: number;
  quantity: number;
  trialDays: number | null;
  trialEndsAt: number | null;
  coupon: Pick<
    StripeCoupon,
    'percent_off' | 'amount_off' | 'currency' | 'duration' | 'duration_in_months' | 'name'
  > | null;
  promotionCode: string | null;
  recurringAfterDiscount: number;
  allowPromotionCodes: boolean;
  promotionCodeError: string | null;
  /** Shown read-only when known; otherwise the page asks for it. */
  email: string | null;
  needsEmail: boolean;
  cancelUrl: string | null;
  successUrl: string | null;
  error?: string;
}

export function describeCoupon(coupon: NonNullable<CheckoutPageView['coupon']>): string {
  const off =
    coupon.percent_off !== null
      ? `${coupon.percent_off}% off`
      : `${formatMoney(coupon.amount_off ?? 0, coupon.currency ?? 'usd')} off`;
  switch (coupon.duration) {
    case 'forever':
      return `${off} forever`;
    case 'once':
      return `${off} the first payment`;
    case 'repeating':
      return `${off} for ${coupon.duration_in_months} month${coupon.duration_in_months === 1 ? '' : 's'}`;
  }
}

/** "$5.00/month after a 30-day free trial". */
export function describeOffer(
  view: Pick<CheckoutPageView, 'unitAmount' | 'quantity' | 'currency' | 'interval' | 'intervalCount' | 'trialDays'>,
): string {
  const recurring = describeRecurringPrice(
    view.unitAmount * view.quantity,
    view.currency,
    view.interval,
    view.intervalCount,
  );
  return view.trialDays ? `${recurring} after a ${view.trialDays}-day free trial` : recurring;
}

export function renderCheckoutPage(view: CheckoutPageView): { html: string; headers: Record<string, string> } {
  const base = `/c/pay/${encodeURIComponent(view.sessionId)}`;
  const title = `Subscribe to ${view.productName}`;
  if (view.status !== 'open') {
    const message =
      view.status === 'complete' ? 'This checkout is already complete.' : 'This checkout session has expired.';
    const link =
      view.status === 'complete' && view.successUrl
        ? `<a class="button primary" href="${escapeHtml(view.successUrl)}">Continue</a>`
        : view.cancelUrl
          ? `<a class="button secondary" href="${escapeHtml(view.cancelUrl)}">Back</a>`
          : '';
    return renderPage({
      title,
      css: BASE_CSS,
      body: `<main><div class="card"><h1>${escapeHtml(view.productName)}</h1><p>${message}</p><div class="actions">${link}</div></div>${FOOTER}</main>`,
    });
  }

  const recurring = describeRecurringPrice(
    view.unitAmount * view.quantity,
    view.currency,
    view.interval,
    view.intervalCount,
  );
  const discounted = view.coupon
    ? describeRecurringPrice(view.recurringAfterDiscount, view.currency, view.interval, view.intervalCount)
    : null;
  const todayLine = view.trialDays
    ? `<p class="price">${view.trialDays} days free</p><p class="muted">${escapeHtml(describeOffer(view))}${view.trialEndsAt ? ` (first payment ${escapeHtml(formatDate(view.trialEndsAt))})` : ''}</p>`
    : `<p class="price">${escapeHtml(recurring)}</p>`;
  const discountRow = view.coupon
    ? `<div class="row"><span>Discount${view.promotionCode ? ` <span class="badge">${escapeHtml(view.promotionCode)}</span>` : ''}</span><span>${escapeHtml(describeCoupon(view.coupon))}</span></div>
<div class="row"><span>After the trial</span><span>${escapeHtml(discounted ?? recurring)}</span></div>`
    : '';
  const codeForm = view.allowPromotionCodes
    ? `<form method="post" action="${base}/promotion-code" class="inline">
<input type="text" name="code" aria-label="Promotion code" placeholder="Add promotion code" value="${escapeHtml(view.promotionCode ?? '')}">
<button type="submit" class="secondary">Apply</button>
</form>${view.promotionCodeError ? `<p class="error" role="alert">${escapeHtml(view.promotionCodeError)}</p>` : ''}`
    : '';
  const emailField = view.needsEmail
    ? `<label for="email">Email</label><input type="text" id="email" name="email" inputmode="email" autocomplete="email" required>`
    : view.email
      ? `<div class="row"><span>Email</span><span>${escapeHtml(view.email)}</span></div>`
      : '';
  const cancel = view.cancelUrl
    ? `<form method="post" action="${base}/cancel"><button type="submit" class="secondary">Cancel</button></form>`
    : '';
  const body = `<main>
<div class="card">
<p class="muted">RunPledge · test mode</p>
<h1>${escapeHtml(title)}</h1>
${todayLine}
<div class="row"><span>${escapeHtml(view.productName)}</span><span>${escapeHtml(recurring)}</span></div>
${discountRow}
<div class="row"><span>Due today</span><span>${escapeHtml(formatMoney(view.trialDays ? 0 : view.recurringAfterDiscount, view.currency))}</span></div>
${codeForm}
${view.error ? `<p class="error" role="alert">${escapeHtml(view.error)}</p>` : ''}
<form method="post" action="${base}/complete" class="actions">
${emailField}
<p class="muted">Card: 4242 4242 4242 4242 (emulated; nothing is charged)</p>
<button type="submit" class="primary">${view.trialDays ? 'Start trial' : 'Subscribe'}</button>
</form>
<div class="actions">${cancel}</div>
</div>
${FOOTER}
</main>`;
  return renderPage({
    title,
    css: BASE_CSS,
    body,
    formTargets: [originOf(view.successUrl), originOf(view.cancelUrl)],
  });
}

export interface PortalPageView {
  sessionId: string;
  customerEmail: string | null;
  returnUrl: string | null;
  subscriptions: Array<{
    subscription: StripeSubscription;
    productName: string;
    description: string;
    canRetryPayment: boolean;
  }>;
  invoices: StripeInvoice[];
  expired: boolean;
  notice?: string;
}

export function renderPortalPage(view: PortalPageView): { html: string; headers: Record<string, string> } {
  const base = `/p/session/${encodeURIComponent(view.sessionId)}`;
  const back = view.returnUrl
    ? `<a class="button secondary" href="${escapeHtml(view.returnUrl)}">Return to RunPledge</a>`
    : '';
  if (view.expired) {
    return renderPage({
      title: 'Billing portal',
      css: BASE_CSS,
      body: `<main><div class="card"><h1>Billing portal</h1><p>This link has expired. Open the billing portal again from RunPledge.</p><div class="actions">${back}</div></div>${FOOTER}</main>`,
    });
  }
  const subs = view.subscriptions
    .map(({ subscription: sub, productName, description, canRetryPayment }) => {
      const periodEnd = sub.items.data[0]?.current_period_end ?? null;
      const status =
        sub.status === 'trialing'
          ? `Trial ends ${formatDate(sub.trial_end ?? periodEnd ?? 0)}`
          : sub.status === 'canceled'
            ? `Canceled ${formatDate(sub.ended_at ?? 0)}`
            : sub.status === 'past_due'
              ? 'Payment failed: update your card'
              : `Renews ${formatDate(periodEnd ?? 0)}`;
      const cancelNote =
        sub.cancel_at_period_end && sub.cancel_at ? `<p class="notice">Cancels ${formatDate(sub.cancel_at)}</p>` : '';
      const actions: string[] = [];
      if (sub.status !== 'canceled') {
        actions.push(
          sub.cancel_at_period_end
            ? `<form method="post" action="${base}/subscriptions/${sub.id}/renew"><button type="submit" class="primary">Renew subscription</button></form>`
            : `<form method="post" action="${base}/subscriptions/${sub.id}/cancel"><button type="submit" class="danger">Cancel subscription</button></form>`,
        );
      }
      const item = sub.items.data[0];
      if (sub.status !== 'canceled' && item) {
        actions.push(
          `<form method="post" action="${base}/subscriptions/${sub.id}/quantity"><label>Quantity <input name="quantity" type="number" min="1" step="1" value="${item.quantity}" required></label><button type="submit" class="secondary">Update quantity</button></form>`,
        );
      }
      if (canRetryPayment) {
        actions.push(
          `<form method="post" action="${base}/subscriptions/${sub.id}/update-card"><button type="submit" class="secondary">Update card and pay now</button></form>`,
        );
      }
      return `<section><div class="row"><strong>${escapeHtml(productName)}</strong><span>${escapeHtml(description)}</span></div>
<p class="muted">${escapeHtml(sub.status)} · ${escapeHtml(status)}</p>${cancelNote}<div class="actions">${actions.join('')}</div></section>`;
    })
    .join('');
  const invoices = view.invoices
    .map(
      (inv) =>
        `<div class="row"><span>${escapeHtml(formatDate(inv.created))}</span><span>${escapeHtml(formatMoney(inv.total, inv.currency))} · ${escapeHtml(inv.status)}</span></div>`,
    )
    .join('');
  const body = `<main><div class="card">
<p class="muted">RunPledge · test mode</p>
<h1>Billing portal</h1>
${view.customerEmail ? `<p class="muted">${escapeHtml(view.customerEmail)}</p>` : ''}
${view.notice ? `<p class="notice" role="status">${escapeHtml(view.notice)}</p>` : ''}
<h2>Subscription</h2>
${subs || '<p class="muted">No subscriptions.</p>'}
<h2>Invoices</h2>
${invoices || '<p class="muted">No invoices yet.</p>'}
<div class="actions">${back}</div>
</div>${FOOTER}</main>`;
  return renderPage({ title: 'Billing portal', css: BASE_CSS, body });
}

export function renderInvoicePage(invoice: StripeInvoice): { html: string; headers: Record<string, string> } {
  const lines = invoice.lines.data
    .map(
      (line) =>
        `<div class="row"><span>${escapeHtml(line.description)}</span><span>${escapeHtml(formatMoney(Number(line.amount), invoice.currency))}</span></div>`,
    )
    .join('');
  const body = `<main><div class="card">
<p class="muted">RunPledge · test mode</p>
<h1>Invoice ${escapeHtml(invoice.number)}</h1>
<p class="muted">${escapeHtml(formatDate(invoice.created))} · ${escapeHtml(invoice.status)}</p>
${lines}
<div class="row"><strong>Total</strong><strong>${escapeHtml(formatMoney(invoice.total, invoice.currency))}</strong></div>
</div>${FOOTER}</main>`;
  return renderPage({ title: `Invoice ${invoice.number}`, css: BASE_CSS, body });
}

function formatDate(unix: number): string {
  return new Date(unix * 1000).toLocaleDateString('en-US', {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    timeZone: 'UTC',
  });
}

const FOOTER = '<footer>Stripe emulator · local test mode</footer>';
