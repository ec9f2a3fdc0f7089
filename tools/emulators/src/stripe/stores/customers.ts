/** Customers: who pays. Checkout creates one when the session names none. */
import { prefixedId, randomToken } from '../../common/ids.js';
import type { StripeCustomer } from '../objects/customers.js';
import type { Metadata } from '../objects/shared.js';
import { Store, mergeMetadata, type Account } from './store.js';

export interface CustomerInput {
  email: string | null;
  name: string | null;
  description: string | null;
  phone: string | null;
  metadata: Metadata;
}

export class Customers extends Store<StripeCustomer> {
  constructor(private readonly account: Account) {
    super('customer');
  }

  create(input: CustomerInput): StripeCustomer {
    const customer: StripeCustomer = {
      id: prefixedId('cus_', 14),
      object: 'customer',
      address: null,
      balance: 0,
      created: this.account.now(),
      currency: null,
      default_source: null,
      delinquent: false,
      description: input.description,
      discount: null,
      email: input.email,
      invoice_prefix: randomToken(8).toUpperCase(),
      invoice_settings: { custom_fields: null, default_payment_method: null, footer: null, rendering_options: null },
      livemode: false,
      metadata: input.metadata,
      name: input.name,
      phone: input.phone,
      preferred_locales: [],
      shipping: null,
      tax_exempt: 'none',
      test_clock: null,
    };
    this.set(customer.id, customer);
    return customer;
  }

  update(id: string, input: Partial<CustomerInput>): StripeCustomer {
    const customer = this.retrieve(id);
    if (input.email !== undefined) customer.email = input.email;
    if (input.name !== undefined) customer.name = input.name;
    if (input.description !== undefined) customer.description = input.description;
    if (input.phone !== undefined) customer.phone = input.phone;
    if (input.metadata) customer.metadata = mergeMetadata(customer.metadata, input.metadata);
    return customer;
  }

  remove(id: string): { id: string; object: 'customer'; deleted: true } {
    this.retrieve(id);
    this.delete(id);
    return { id, object: 'customer', deleted: true };
  }
}
