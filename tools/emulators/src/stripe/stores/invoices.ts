/** Invoices: what each period of a subscription costs, with its discount, paid or open. */
import { prefixedId } from '../../common/ids.js';
import { applyCoupon } from '../objects/discounts.js';
import type { StripeInvoice } from '../objects/invoices.js';
import type { Products } from './catalog.js';
import type { Customers } from './customers.js';
import { Store, type Account } from './store.js';
import type { SubscriptionRecord } from './subscription-record.js';

export class Invoices extends Store<StripeInvoice> {
  private sequence = 0;

  constructor(
    private readonly account: Account,
    private readonly customers: Customers,
    private readonly products: Products,
  ) {
    super('invoice');
  }

  override clear(): void {
    super.clear();
    this.sequence = 0;
  }

  createForSubscription(
    record: SubscriptionRecord,
    reason: StripeInvoice['billing_reason'],
    options: { trial: boolean; paid: boolean; previousPeriodStart?: number },
  ): StripeInvoice {
    const sub = record.subscription;
    const customer = this.customers.get(sub.customer);
    const now = this.account.now();
    const id = prefixedId('in_', 24);
    const lines = sub.items.data.map((item) => {
      const price = item.price;
      const productName = this.products.get(price.product)?.name ?? 'Subscription';
      const amount = options.trial ? 0 : price.unit_amount * item.quantity;
      return {
        id: prefixedId('il_', 24),
        object: 'line_item',
        amount,
        currency: price.currency,
        description: options.trial ? `Trial period for ${productName}` : `${item.quantity} × ${productName}`,
        discount_amounts: [] as Array<{ amount: number; discount: string }>,
        discountable: true,
        discounts: [] as string[],
        invoice: id,
        livemode: false,
        metadata: {},
        parent: {
          invoice_item_details: null,
          subscription_item_details: {
            invoice_item: null,
            proration: false,
            proration_details: { credited_items: null },
            subscription: sub.id,
            subscription_item: item.id,
          },
          type: 'subscription_item_details',
        },
        period: { end: item.current_period_end, start: item.current_period_start },
        pretax_credit_amounts: [],
        pricing: {
          price_details: { price: price.id, product: price.product },
          type: 'price_details',
          unit_amount_decimal: price.unit_amount_decimal,
        },
        quantity: item.quantity,
        taxes: [],
      };
    });
    const subtotal = lines.reduce((sum, line) => sum + line.amount, 0);
    let total = subtotal;
    const discountAmounts: Array<{ amount: number; discount: string }> = [];
    const discount = record.discount;
    const discountApplies =
      discount !== null &&
      subtotal > 0 &&
      (discount.end === null || now < discount.end) &&
      !(discount.coupon.duration === 'once' && record.onceDiscountUsed);
    if (discount && discountApplies) {
      total = applyCoupon(subtotal, discount.coupon);
      if (total !== subtotal) discountAmounts.push({ amount: subtotal - total, discount: discount.id });
      if (discount.coupon.duration === 'once') record.onceDiscountUsed = true;
      const first = lines[0];
      if (first && subtotal !== total) {
        first.discount_amounts.push({ amount: subtotal - total, discount: discount.id });
        first.discounts.push(discount.id);
      }
    }
    this.sequence += 1;
    const paid = options.paid || total === 0;
    const invoice: StripeInvoice = {
      id,
      object: 'invoice',
      account_country: 'US',
      account_name: 'RunPledge (Stripe emulator)',
      amount_due: total,
      amount_overpaid: 0,
      amount_paid: paid ? total : 0,
      amount_remaining: paid ? 0 : total,
      amount_shipping: 0,
      attempt_count: total === 0 ? 0 : 1,
      attempted: total !== 0,
      auto_advance: !paid,
      billing_reason: reason,
      collection_method: 'charge_automatically',
      created: now,
      currency: sub.currency,
      customer: sub.customer,
      customer_email: customer?.email ?? null,
      customer_name: customer?.name ?? null,
      default_payment_method: null,
      description: null,
      discounts: discountApplies && discount ? [discount.id] : [],
      due_date: null,
      effective_at: now,
      ending_balance: 0,
      hosted_invoice_url: `${this.account.publicUrl()}/i/${id}`,
      invoice_pdf: `${this.account.publicUrl()}/i/${id}/pdf`,
      last_finalization_error: null,
      lines: {
        object: 'list',
        data: lines,
        has_more: false,
        total_count: lines.length,
        url: `/v1/invoices/${id}/lines`,
      },
      livemode: false,
      metadata: {},
      next_payment_attempt: paid ? null : now + 3 * 86_400,
      number: `${customer?.invoice_prefix ?? 'EMU'}-${String(this.sequence).padStart(4, '0')}`,
      parent: {
        quote_details: null,
        subscription_details: { metadata: { ...sub.metadata }, subscription: sub.id },
        type: 'subscription_details',
      },
      period_end: now,
      period_start: options.previousPeriodStart ?? now,
      starting_balance: 0,
      status: paid ? 'paid' : 'open',
      status_transitions: {
        finalized_at: now,
        marked_uncollectible_at: null,
        paid_at: paid ? now : null,
        voided_at: null,
      },
      subtotal,
      subtotal_excluding_tax: subtotal,
      total,
      total_discount_amounts: discountAmounts,
      total_excluding_tax: total,
      total_taxes: [],
      webhooks_delivered_at: now,
    };
    this.set(id, invoice);
    sub.latest_invoice = id;
    record.openInvoice = paid ? null : id;
    return invoice;
  }

  markPaid(invoice: StripeInvoice, now: number): void {
    invoice.status = 'paid';
    invoice.amount_paid = invoice.amount_due;
    invoice.amount_remaining = 0;
    invoice.auto_advance = false;
    invoice.next_payment_attempt = null;
    invoice.status_transitions.paid_at = now;
  }

  ofCustomer(customer: string): StripeInvoice[] {
    return [...this.values()].filter((i) => i.customer === customer).reverse();
  }
}
