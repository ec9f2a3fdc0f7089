/** Customers: who pays. Checkout creates one when the session names none. */
import { json, type Router } from '../../common/http.js';
import { prefixedId, randomToken } from '../../common/ids.js';
import { listOptions, nullable, readParams, type ApiContext, type ApiReply } from '../api.js';
import { paginate, type Metadata, type StripeCustomer } from '../objects.js';
import { PAGINATION_PARAMS } from '../params.js';
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

export function registerCustomerRoutes(router: Router, { state }: ApiContext, { ok }: ApiReply): void {
  router.post('/v1/customers', (req) => {
    const p = readParams(req).allowOnly([
      'address',
      'balance',
      'business_name',
      'cash_balance',
      'description',
      'email',
      'expand',
      'individual_name',
      'invoice_prefix',
      'invoice_settings',
      'metadata',
      'name',
      'next_invoice_sequence',
      'payment_method',
      'phone',
      'preferred_locales',
      'shipping',
      'source',
      'tax',
      'tax_exempt',
      'tax_id_data',
      'test_clock',
      'validate',
    ]);
    const customer = state.customers.create({
      email: p.string('email') ?? null,
      name: p.string('name') ?? null,
      description: p.string('description') ?? null,
      phone: p.string('phone') ?? null,
      metadata: p.metadata() ?? {},
    });
    return ok(req, p, customer);
  });
  router.get('/v1/customers', (req) => {
    const p = readParams(req).allowOnly(['created', 'email', 'test_clock', ...PAGINATION_PARAMS]);
    const email = p.string('email');
    const all = [...state.customers.values()].reverse().filter((c) => email === undefined || c.email === email);
    return ok(req, p, paginate(all, '/v1/customers', listOptions(p)));
  });
  router.get('/v1/customers/:id', (req) => {
    const p = readParams(req).allowOnly(['expand']);
    return ok(req, p, state.customers.retrieve(req.params.id!));
  });
  router.post('/v1/customers/:id', (req) => {
    const p = readParams(req);
    const customer = state.customers.update(req.params.id!, {
      email: nullable(p.string('email')),
      name: nullable(p.string('name')),
      description: nullable(p.string('description')),
      phone: nullable(p.string('phone')),
      metadata: p.metadata(),
    });
    return ok(req, p, customer);
  });
  router.delete('/v1/customers/:id', (req) => json(200, state.customers.remove(req.params.id!)));
}
