/** `/v1/customers`: read the params, call the customers store, reply. */
import { json, type Router } from '../../common/http.js';
import { listOptions, nullable, readParams, type ApiContext, type ApiReply } from '../api.js';
import { paginate } from '../objects/list.js';
import { PAGINATION_PARAMS } from '../params.js';

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
