/** Subscriptions: a customer's membership, billed each period: trial, renewals, failures, cancellation. */
import { randomToken } from '../../common/ids.js';
import { StripeApiError, invalidParam } from '../errors.js';
import type { StripeDiscount } from '../objects/discounts.js';
import type { StripeEvent } from '../objects/events.js';
import type { StripeInvoice } from '../objects/invoices.js';
import type { Metadata } from '../objects/shared.js';
import { addInterval, type StripeSubscription, type StripeSubscriptionItem } from '../objects/subscriptions.js';
import { NO_REQUEST, changedAttributes, type Events, type RequestInfo } from './events.js';
import type { Invoices } from './invoices.js';
import { Store, mergeMetadata, type Account } from './store.js';
import type { SubscriptionRecord } from './subscription-record.js';

export type BillingOutcome = 'paid' | 'failed' | 'cancel';

/** What a completed checkout turns into. */
export interface NewSubscription {
  id: string;
  customer: string;
  currency: string;
  items: StripeSubscriptionItem[];
  discount: StripeDiscount | null;
  description: string | null;
  metadata: Metadata;
  trialEnd: number | null;
  /** The moment of the checkout: created, start and the first period begin then. */
  now: number;
}

export class Subscriptions extends Store<SubscriptionRecord> {
  constructor(
    private readonly account: Account,
    private readonly invoices: Invoices,
    private readonly events: Events,
  ) {
    super('subscription');
  }

  /** A new subscription, trialing when it has a trial end, else active. */
  create(input: NewSubscription): SubscriptionRecord {
    const { now } = input;
    const subscription: StripeSubscription = {
      id: input.id,
      object: 'subscription',
      application: null,
      application_fee_percent: null,
      automatic_tax: { disabled_reason: null, enabled: false, liability: null },
      billing_cycle_anchor: input.trialEnd ?? now,
      billing_cycle_anchor_config: null,
      billing_mode: { flexible: null, type: 'classic' },
      billing_thresholds: null,
      cancel_at: null,
      cancel_at_period_end: false,
      canceled_at: null,
      cancellation_details: { comment: null, feedback: null, reason: null },
      collection_method: 'charge_automatically',
      created: now,
      currency: input.currency,
      customer: input.customer,
      days_until_due: null,
      default_payment_method: `pm_${randomToken(24)}`,
      default_source: null,
      description: input.description,
      discounts: input.discount ? [input.discount.id] : [],
      ended_at: null,
      invoice_settings: { account_tax_ids: null, issuer: { type: 'self' } },
      items: {
        object: 'list',
        data: input.items,
        has_more: false,
        total_count: input.items.length,
        url: `/v1/subscription_items?subscription=${input.id}`,
      },
      latest_invoice: null,
      livemode: false,
      metadata: { ...input.metadata },
      next_pending_invoice_item_invoice: null,
      on_behalf_of: null,
      pause_collection: null,
      payment_settings: {
        payment_method_options: null,
        payment_method_types: null,
        save_default_payment_method: 'off',
      },
      pending_invoice_item_interval: null,
      pending_setup_intent: null,
      pending_update: null,
      schedule: null,
      start_date: now,
      status: input.trialEnd ? 'trialing' : 'active',
      test_clock: null,
      transfer_data: null,
      trial_end: input.trialEnd,
      trial_settings: { end_behavior: { missing_payment_method: 'create_invoice' } },
      trial_start: input.trialEnd ? now : null,
    };
    const subRecord: SubscriptionRecord = {
      subscription,
      discount: input.discount,
      onceDiscountUsed: false,
      openInvoice: null,
    };
    this.set(subscription.id, subRecord);
    return subRecord;
  }

  /**
   * Bills the next period now (the end of a trial, or a renewal): `paid` → active + invoice.paid;
   * `failed` → past_due + invoice.payment_failed, and a second failure cancels; `cancel` cancels now.
   */
  advance(
    id: string,
    outcome: BillingOutcome,
    request: RequestInfo = NO_REQUEST,
  ): { subscription: StripeSubscription; invoice: StripeInvoice | null; events: StripeEvent[] } {
    const record = this.retrieve(id);
    const sub = record.subscription;
    if (sub.status === 'canceled' || sub.status === 'incomplete_expired') {
      throw invalidParam('subscription', `This subscription is ${sub.status}; it cannot be billed again.`);
    }
    if (outcome === 'cancel') {
      return { subscription: sub, invoice: null, events: [this.cancelNow(record, 'cancellation_requested', request)] };
    }
    if (sub.cancel_at_period_end && (sub.status === 'trialing' || sub.status === 'active')) {
      return { subscription: sub, invoice: null, events: [this.cancelNow(record, 'cancellation_requested', request)] };
    }
    const now = this.account.now();
    const before = snapshot(sub);
    const events: StripeEvent[] = [];

    if (record.openInvoice) {
      const invoice = this.invoices.get(record.openInvoice)!;
      invoice.attempt_count += 1;
      invoice.attempted = true;
      if (outcome === 'paid') {
        this.invoices.markPaid(invoice, now);
        record.openInvoice = null;
        sub.status = 'active';
        events.push(this.events.record('customer.subscription.updated', sub, changedAttributes(before, sub), request));
        events.push(this.events.record('invoice.paid', invoice, undefined, request));
        return { subscription: sub, invoice, events };
      }
      invoice.next_payment_attempt = null;
      events.push(this.events.record('invoice.payment_failed', invoice, undefined, request));
      events.push(this.cancelNow(record, 'payment_failed', request));
      return { subscription: sub, invoice, events };
    }

    const previousPeriodStart = sub.items.data[0]?.current_period_start ?? now;
    for (const item of sub.items.data) {
      const recurring = item.price.recurring!;
      item.current_period_start = now;
      item.current_period_end = addInterval(now, recurring.interval, recurring.interval_count);
    }
    if (sub.status === 'trialing') sub.trial_end = now;
    sub.billing_cycle_anchor = now;
    const invoice = this.invoices.createForSubscription(record, 'subscription_cycle', {
      trial: false,
      paid: outcome === 'paid',
      previousPeriodStart,
    });
    sub.status = invoice.status === 'paid' ? 'active' : 'past_due';
    events.push(this.events.record('customer.subscription.updated', sub, changedAttributes(before, sub), request));
    events.push(
      this.events.record(
        invoice.status === 'paid' ? 'invoice.paid' : 'invoice.payment_failed',
        invoice,
        undefined,
        request,
      ),
    );
    return { subscription: sub, invoice, events };
  }

  private cancelNow(record: SubscriptionRecord, reason: string, request: RequestInfo): StripeEvent {
    const sub = record.subscription;
    const now = this.account.now();
    sub.status = 'canceled';
    sub.canceled_at = now;
    sub.ended_at = now;
    sub.cancellation_details = { ...sub.cancellation_details, reason };
    if (record.openInvoice) {
      const invoice = this.invoices.get(record.openInvoice)!;
      invoice.next_payment_attempt = null;
      invoice.auto_advance = false;
      record.openInvoice = null;
    }
    return this.events.record('customer.subscription.deleted', sub, undefined, request);
  }

  cancel(
    id: string,
    input: { comment?: string | null; feedback?: string | null },
    request: RequestInfo = NO_REQUEST,
  ): { subscription: StripeSubscription; events: StripeEvent[] } {
    const record = this.retrieve(id);
    if (record.subscription.status === 'canceled') {
      throw new StripeApiError(
        400,
        `A canceled subscription can only update its cancellation_details and metadata.`,
        undefined,
        'resource_missing',
      );
    }
    if (input.comment !== undefined) record.subscription.cancellation_details.comment = input.comment;
    if (input.feedback !== undefined) record.subscription.cancellation_details.feedback = input.feedback;
    const event = this.cancelNow(record, 'cancellation_requested', request);
    return { subscription: record.subscription, events: [event] };
  }

  update(
    id: string,
    input: {
      cancelAtPeriodEnd?: boolean;
      metadata?: Metadata;
      description?: string | null;
      trialEndNow?: boolean;
      comment?: string | null;
      feedback?: string | null;
      /** A moment (unix seconds) to cancel at; null clears it. */
      cancelAt?: number | null;
      /** New quantities by subscription item id (`items[i][id]`, `items[i][quantity]`). */
      quantities?: Array<{ itemId: string; quantity: number }>;
    },
    request: RequestInfo = NO_REQUEST,
  ): { subscription: StripeSubscription; events: StripeEvent[] } {
    const record = this.retrieve(id);
    const sub = record.subscription;
    const before = snapshot(sub);
    const changesQuantity = (input.quantities?.length ?? 0) > 0;
    if (
      sub.status === 'canceled' &&
      (input.cancelAtPeriodEnd !== undefined || input.cancelAt !== undefined || input.trialEndNow || changesQuantity)
    ) {
      throw invalidParam(
        'cancel_at_period_end',
        'A canceled subscription can only update its cancellation_details and metadata.',
      );
    }
    if (input.trialEndNow) {
      if (sub.status !== 'trialing') throw invalidParam('trial_end', 'This subscription is not in a trial period.');
      return this.advance(id, 'paid', request);
    }
    if (input.cancelAtPeriodEnd !== undefined) {
      sub.cancel_at_period_end = input.cancelAtPeriodEnd;
      sub.cancel_at = input.cancelAtPeriodEnd ? (sub.items.data[0]?.current_period_end ?? null) : null;
      sub.canceled_at = input.cancelAtPeriodEnd ? this.account.now() : null;
      sub.cancellation_details.reason = input.cancelAtPeriodEnd ? 'cancellation_requested' : null;
    }
    if (input.cancelAt !== undefined) {
      sub.cancel_at = input.cancelAt;
      sub.cancel_at_period_end = false;
      sub.canceled_at = input.cancelAt === null ? null : this.account.now();
      sub.cancellation_details.reason = input.cancelAt === null ? null : 'cancellation_requested';
    }
    for (const [i, change] of (input.quantities ?? []).entries()) {
      const item = sub.items.data.find((it) => it.id === change.itemId);
      if (!item) throw invalidParam(`items[${i}][id]`, `No such subscription item: '${change.itemId}'`);
    }
    // Stripe prorates on the next invoice; the emulator bills the new quantity from the next period on.
    for (const change of input.quantities ?? []) {
      sub.items.data.find((it) => it.id === change.itemId)!.quantity = change.quantity;
    }
    if (input.comment !== undefined) sub.cancellation_details.comment = input.comment;
    if (input.feedback !== undefined) sub.cancellation_details.feedback = input.feedback;
    if (input.metadata) sub.metadata = mergeMetadata(sub.metadata, input.metadata);
    if (input.description !== undefined) sub.description = input.description;
    const changes = changedAttributes(before, sub);
    const events =
      Object.keys(changes).length > 0
        ? [this.events.record('customer.subscription.updated', sub, changes, request)]
        : [];
    return { subscription: sub, events };
  }

  /** The reminder Stripe sends three days before a trial ends. */
  trialWillEnd(id: string): StripeEvent {
    const sub = this.retrieve(id).subscription;
    if (sub.status !== 'trialing') throw invalidParam('subscription', 'This subscription is not in a trial period.');
    return this.events.record('customer.subscription.trial_will_end', sub);
  }

  ofCustomer(customer: string): StripeSubscription[] {
    return [...this.values()]
      .map((r) => r.subscription)
      .filter((s) => s.customer === customer)
      .reverse();
  }
}

function snapshot(value: StripeSubscription): StripeSubscription {
  return structuredClone(value);
}
