/** Pages a browser visits: hosted Checkout, the customer portal and invoices. */
import { html, redirect, type EmulatorRequest, type EmulatorResponse, type Router } from '../common/http.js';
import { renderCheckoutPage, renderInvoicePage, renderPortalPage, type CheckoutPageView } from './checkout-page.js';
import { StripeApiError } from './errors.js';
import { describeRecurringPrice } from './objects/catalog.js';
import { substituteSessionId } from './objects/checkout-sessions.js';
import type { StripeEvent } from './objects/events.js';
import type { CheckoutRecord, StripeState } from './state.js';
import type { WebhookDelivery } from './webhooks.js';

export interface HostedContext {
  state: StripeState;
  /** Delivers events and waits, so the app has its webhooks before the browser comes back. */
  deliver(events: StripeEvent[]): Promise<WebhookDelivery[]>;
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

function formOf(req: EmulatorRequest): URLSearchParams {
  return new URLSearchParams(req.rawBody.toString('utf8'));
}

function page(status: number, rendered: { html: string; headers: Record<string, string> }): EmulatorResponse {
  return html(status, rendered.html, rendered.headers);
}

function notFoundPage(what: string): EmulatorResponse {
  return html(404, `<!doctype html><title>Not found</title><p>${what} not found.</p>`, {
    'Content-Security-Policy': "default-src 'none'",
  });
}

export function checkoutView(state: StripeState, record: CheckoutRecord, error?: string): CheckoutPageView {
  const session = record.session;
  const firstLine = record.lineItems[0]!;
  const price = state.prices.retrieve(firstLine.price);
  const product = state.products.get(price.product);
  const coupon = record.discount ? (state.coupons.get(record.discount.coupon) ?? null) : null;
  const promo = record.discount?.promotionCode ? state.promotionCodes.get(record.discount.promotionCode) : undefined;
  const { recurringAfterDiscount } = state.checkoutSessions.amounts(record);
  const trialDays =
    record.trialPeriodDays ??
    (record.trialEnd ? Math.max(1, Math.round((record.trialEnd - state.now()) / 86_400)) : null);
  const customerEmail = session.customer
    ? (state.customers.get(session.customer)?.email ?? null)
    : session.customer_email;
  return {
    sessionId: session.id,
    status: session.status,
    productName: product?.name ?? 'Subscription',
    unitAmount: price.unit_amount,
    currency: price.currency,
    interval: price.recurring?.interval ?? 'month',
    intervalCount: price.recurring?.interval_count ?? 1,
    quantity: firstLine.quantity,
    trialDays,
    trialEndsAt: record.trialEnd ?? (record.trialPeriodDays ? state.now() + record.trialPeriodDays * 86_400 : null),
    coupon,
    promotionCode: promo?.code ?? null,
    recurringAfterDiscount,
    allowPromotionCodes: session.allow_promotion_codes === true,
    promotionCodeError: record.promotionCodeError,
    email: customerEmail,
    needsEmail: !session.customer && !session.customer_email,
    cancelUrl: session.cancel_url,
    successUrl: session.success_url ? substituteSessionId(session.success_url, session.id) : null,
    error,
  };
}

export function registerHostedRoutes(router: Router, ctx: HostedContext): void {
  const { state } = ctx;
  const findSession = (id: string): CheckoutRecord | undefined => {
    try {
      return state.checkoutSessions.retrieve(id);
    } catch {
      return undefined;
    }
  };

  router.get('/c/pay/:id', (req) => {
    const record = findSession(req.params.id!);
    if (!record) return notFoundPage('Checkout session');
    return page(200, renderCheckoutPage(checkoutView(state, record)));
  });

  router.post('/c/pay/:id/promotion-code', (req) => {
    const record = findSession(req.params.id!);
    if (!record) return notFoundPage('Checkout session');
    state.checkoutSessions.applyPromotionCodeOnPage(record.session.id, formOf(req).get('code') ?? '');
    return redirect(`/c/pay/${encodeURIComponent(record.session.id)}`, 303);
  });

  router.post('/c/pay/:id/complete', async (req) => {
    const record = findSession(req.params.id!);
    if (!record) return notFoundPage('Checkout session');
    if (record.session.status !== 'open') return page(409, renderCheckoutPage(checkoutView(state, record)));
    const form = formOf(req);
    const email = form.get('email')?.trim() || null;
    if (!record.session.customer && !record.session.customer_email && (!email || !EMAIL.test(email))) {
      return page(400, renderCheckoutPage(checkoutView(state, record, 'Enter a valid email address.')));
    }
    let completed;
    try {
      completed = state.checkoutSessions.complete(record.session.id, { email, name: null });
    } catch (error) {
      if (error instanceof StripeApiError)
        return page(409, renderCheckoutPage(checkoutView(state, record, error.message)));
      throw error;
    }
    await ctx.deliver(completed.events);
    const session = completed.record.session;
    if (session.success_url) return redirect(substituteSessionId(session.success_url, session.id), 303);
    return page(200, renderCheckoutPage(checkoutView(state, completed.record)));
  });

  router.post('/c/pay/:id/cancel', (req) => {
    const record = findSession(req.params.id!);
    if (!record) return notFoundPage('Checkout session');
    // The session stays open, as with Stripe's back link: the customer may come back to it.
    if (record.session.cancel_url) return redirect(record.session.cancel_url, 303);
    return redirect(`/c/pay/${encodeURIComponent(record.session.id)}`, 303);
  });

  // Customer portal: the link must be opened within five minutes; once opened it lasts an hour.
  const openedAt = new Map<string, number>();
  const portal = (id: string) => {
    const session = state.portalSessions.get(id);
    if (!session) return undefined;
    const opened = openedAt.get(id);
    const now = state.now();
    const usable = opened === undefined ? state.portalSessions.usable(session) : now - opened <= 3600;
    if (usable && opened === undefined) openedAt.set(id, now);
    return { session, usable };
  };
  const portalPage = (id: string, notice?: string): EmulatorResponse => {
    const found = portal(id);
    if (!found) return notFoundPage('Billing portal session');
    const { session, usable } = found;
    const customer = state.customers.get(session.customer);
    return page(
      usable ? 200 : 410,
      renderPortalPage({
        sessionId: id,
        customerEmail: customer?.email ?? null,
        returnUrl: session.return_url,
        expired: !usable,
        notice,
        invoices: state.invoices.ofCustomer(session.customer),
        subscriptions: state.subscriptions.ofCustomer(session.customer).map((sub) => {
          const item = sub.items.data[0];
          const productName = item ? (state.products.get(item.price.product)?.name ?? 'Subscription') : 'Subscription';
          const recurring = item?.price.recurring;
          const description = item
            ? describeRecurringPrice(
                item.price.unit_amount * item.quantity,
                item.price.currency,
                recurring?.interval ?? 'month',
                recurring?.interval_count ?? 1,
              )
            : '';
          return {
            subscription: sub,
            productName,
            description,
            canRetryPayment: state.subscriptions.get(sub.id)?.openInvoice != null && sub.status === 'past_due',
          };
        }),
      }),
    );
  };
  router.get('/p/session/:id', (req) => {
    const notices: Record<string, string> = {
      canceled: 'Your subscription will be canceled at the end of the current period.',
      renewed: 'Your subscription will continue.',
      paid: 'Payment succeeded. Your subscription is active again.',
      quantity: 'Your subscription quantity is updated.',
    };
    return portalPage(req.params.id!, notices[req.query.get('notice') ?? '']);
  });

  const portalAction = (action: 'cancel' | 'renew' | 'update-card') => async (req: EmulatorRequest) => {
    const found = portal(req.params.id!);
    if (!found) return notFoundPage('Billing portal session');
    if (!found.usable) return portalPage(req.params.id!);
    const record = state.subscriptions.get(req.params.sub!);
    if (!record || record.subscription.customer !== found.session.customer) return notFoundPage('Subscription');
    let events: StripeEvent[] = [];
    let notice = '';
    if (action === 'update-card') {
      if (record.openInvoice && record.subscription.status === 'past_due') {
        events = state.subscriptions.advance(record.subscription.id, 'paid').events;
        notice = 'paid';
      }
    } else if (record.subscription.status !== 'canceled') {
      events = state.subscriptions.update(record.subscription.id, { cancelAtPeriodEnd: action === 'cancel' }).events;
      notice = action === 'cancel' ? 'canceled' : 'renewed';
    }
    await ctx.deliver(events);
    return redirect(`/p/session/${encodeURIComponent(found.session.id)}${notice ? `?notice=${notice}` : ''}`, 303);
  };
  router.post('/p/session/:id/subscriptions/:sub/cancel', portalAction('cancel'));
  router.post('/p/session/:id/subscriptions/:sub/renew', portalAction('renew'));
  router.post('/p/session/:id/subscriptions/:sub/update-card', portalAction('update-card'));
  // Changing the quantity (Stripe's portal does so when its configuration allows subscription updates).
  router.post('/p/session/:id/subscriptions/:sub/quantity', async (req) => {
    const found = portal(req.params.id!);
    if (!found) return notFoundPage('Billing portal session');
    if (!found.usable) return portalPage(req.params.id!);
    const record = state.subscriptions.get(req.params.sub!);
    if (!record || record.subscription.customer !== found.session.customer) return notFoundPage('Subscription');
    const quantity = Number(formOf(req).get('quantity') ?? '');
    const item = record.subscription.items.data[0];
    if (!item || record.subscription.status === 'canceled' || !Number.isInteger(quantity) || quantity < 1) {
      return portalPage(req.params.id!, 'Enter a whole number of 1 or more.');
    }
    const { events } = state.subscriptions.update(record.subscription.id, {
      quantities: [{ itemId: item.id, quantity }],
    });
    await ctx.deliver(events);
    return redirect(`/p/session/${encodeURIComponent(found.session.id)}?notice=quantity`, 303);
  });

  router.get('/i/:id', (req) => {
    const invoice = state.invoices.get(req.params.id!);
    if (!invoice) return notFoundPage('Invoice');
    return page(200, renderInvoicePage(invoice));
  });
}
