/** `/v1/billing_portal/sessions`: read the params, call the portal sessions store, reply. */
import type { Router } from '../../common/http.js';
import { readParams, type ApiContext, type ApiReply } from '../api.js';
import { invalidParam } from '../errors.js';

export function registerPortalRoutes(router: Router, { state }: ApiContext, { ok }: ApiReply): void {
  router.post('/v1/billing_portal/sessions', (req) => {
    const p = readParams(req).allowOnly([
      'after_expiration',
      'configuration',
      'customer',
      'customer_account',
      'expand',
      'flow_data',
      'locale',
      'on_behalf_of',
      'return_url',
    ]);
    const returnUrl = p.string('return_url') ?? null;
    if (returnUrl !== null && !/^https?:\/\/[^\s]+$/i.test(returnUrl))
      throw invalidParam('return_url', 'Not a valid URL');
    return ok(
      req,
      p,
      state.portalSessions.create({
        customer: p.requiredString('customer'),
        returnUrl,
        locale: p.string('locale') ?? null,
      }),
    );
  });
}
