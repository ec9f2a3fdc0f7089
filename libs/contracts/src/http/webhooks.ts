import { z } from 'zod';

/** What the gateway answers a webhook delivery it accepted (Stripe's, Strava's). */
export const webhookReceivedSchema = z.object({ received: z.literal(true) });
