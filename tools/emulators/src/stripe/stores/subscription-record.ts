import type { StripeDiscount } from '../objects/discounts.js';
import type { StripeSubscription } from '../objects/subscriptions.js';

/** A subscription as the account keeps it: what the subscriptions store changes and each invoice bills. */
export interface SubscriptionRecord {
  subscription: StripeSubscription;
  discount: StripeDiscount | null;
  /** A `once` coupon stops applying after the first invoice with something to pay. */
  onceDiscountUsed: boolean;
  openInvoice: string | null;
}
