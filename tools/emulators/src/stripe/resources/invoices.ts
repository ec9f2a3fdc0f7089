/** `/v1/invoices`: list and retrieve what the subscriptions billed. */
import type { Router } from '../../common/http.js';
import { listOptions, readParams, type ApiContext, type ApiReply } from '../api.js';
import { paginate } from '../objects/list.js';
import { PAGINATION_PARAMS } from '../params.js';

export function registerInvoiceRoutes(router: Router, { state }: ApiContext, { ok }: ApiReply): void {
  router.get('/v1/invoices', (req) => {
    const p = readParams(req).allowOnly([
      'collection_method',
      'created',
      'customer',
      'customer_account',
      'due_date',
      'status',
      'subscription',
      ...PAGINATION_PARAMS,
    ]);
    const customer = p.string('customer');
    const subscription = p.string('subscription');
    const status = p.oneOf('status', ['draft', 'open', 'paid', 'uncollectible', 'void']);
    const all = [...state.invoices.values()]
      .reverse()
      .filter(
        (inv) =>
          (!customer || inv.customer === customer) &&
          (!subscription || inv.parent.subscription_details.subscription === subscription) &&
          (!status || inv.status === status),
      );
    return ok(req, p, paginate(all, '/v1/invoices', listOptions(p)));
  });
  router.get('/v1/invoices/:id', (req) => {
    const p = readParams(req).allowOnly(['expand']);
    return ok(req, p, state.invoices.retrieve(req.params.id!));
  });
}
