/** Customer portal sessions: a short-lived link where a customer manages their subscription. */
import { prefixedId } from '../../common/ids.js';
import { noSuchParam } from '../errors.js';
import type { StripePortalSession } from '../objects/portal-sessions.js';
import type { Customers } from './customers.js';
import { Store, type Account } from './store.js';

export class PortalSessions extends Store<StripePortalSession> {
  constructor(
    private readonly account: Account,
    private readonly customers: Customers,
  ) {
    super('billing_portal.session');
  }

  create(input: { customer: string; returnUrl: string | null; locale: string | null }): StripePortalSession {
    if (!this.customers.has(input.customer)) throw noSuchParam('customer', input.customer, 'customer');
    const id = prefixedId('bps_', 24);
    const session: StripePortalSession = {
      id,
      object: 'billing_portal.session',
      configuration: 'bpc_emulator_default',
      created: this.account.now(),
      customer: input.customer,
      customer_account: null,
      flow: null,
      livemode: false,
      locale: input.locale,
      on_behalf_of: null,
      return_url: input.returnUrl,
      url: `${this.account.publicUrl()}/p/session/${id}`,
    };
    this.set(id, session);
    return session;
  }

  /** Portal links are short-lived: five minutes to open them. */
  usable(session: StripePortalSession): boolean {
    return this.account.now() - session.created <= 5 * 60;
  }
}
