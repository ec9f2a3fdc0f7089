/** The `/v1` REST API, as the official `stripe` SDK calls it: one file of routes per resource (`resources/`). */
import type { Router } from '../common/http.js';
import { apiReply, type ApiContext, type ApiRoutes } from './api.js';
import { registerCatalogRoutes } from './resources/catalog.js';
import { registerCheckoutRoutes } from './resources/checkout-sessions.js';
import { registerCustomerRoutes } from './resources/customers.js';
import { registerDiscountRoutes } from './resources/discounts.js';
import { registerEventRoutes } from './resources/events.js';
import { registerInvoiceRoutes } from './resources/invoices.js';
import { registerPortalRoutes } from './resources/portal-sessions.js';
import { registerSubscriptionRoutes } from './resources/subscriptions.js';

export type { ApiContext } from './api.js';
export { readParams } from './api.js';

const RESOURCES: ApiRoutes[] = [
  registerCustomerRoutes,
  registerCatalogRoutes,
  registerDiscountRoutes,
  registerCheckoutRoutes,
  registerSubscriptionRoutes,
  registerInvoiceRoutes,
  registerPortalRoutes,
  registerEventRoutes,
];

export function registerApiRoutes(router: Router, ctx: ApiContext): void {
  const reply = apiReply(ctx.state);
  for (const register of RESOURCES) register(router, ctx, reply);
}
