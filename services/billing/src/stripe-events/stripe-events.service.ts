import { Inject, Injectable } from '@nestjs/common';
import type { StripeEventDelivery, StripeEventOutcome } from '@runpledge/contracts';
import { DomainEvents, LOGGER, Mailer, ServiceException } from '@runpledge/server-kit';
import type { Logger } from 'pino';
import type Stripe from 'stripe';
import { z } from 'zod';
import { env } from '../config/env.js';
import { idOf, subscriptionIdOfInvoice } from '../stripe/map-stripe-subscription.util.js';
import { StripeClient } from '../stripe/stripe.client.js';
import { SubscriptionsService, type ClaimInTransaction } from '../subscriptions/subscriptions.service.js';
import { SponsorshipService } from '../sponsorship/sponsorship.service.js';
import { ProcessedStripeEventsRepository } from './processed-stripe-events.repository.js';
import { trialEndingMail } from './trial-ending-mail.js';

const userIdSchema = z.uuid();

/** Stripe's webhook events: verified, each handled once, in any order (the subscription is re-read). */
@Injectable()
export class StripeEventsService {
  constructor(
    private readonly stripe: StripeClient,
    private readonly subscriptions: SubscriptionsService,
    private readonly sponsorship: SponsorshipService,
    private readonly processed: ProcessedStripeEventsRepository,
    private readonly events: DomainEvents,
    private readonly mailer: Mailer,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  async handle(delivery: StripeEventDelivery): Promise<StripeEventOutcome> {
    let event: Stripe.Event;
    try {
      event = this.stripe.verifyWebhook(delivery.payload, delivery.signature);
    } catch {
      throw ServiceException.badRequest('Invalid Stripe signature');
    }
    if (await this.processed.isProcessed(event.id)) return 'duplicate';
    const claim: ClaimInTransaction = (manager) => this.processed.claim(manager, event.id, event.type);

    // Stripe has hundreds of event types; `default` acknowledges the ones billing does not act on.
    // eslint-disable-next-line @typescript-eslint/switch-exhaustiveness-check
    switch (event.type) {
      case 'checkout.session.completed': {
        const session = event.data.object;
        const charityId = validUserId(session.metadata?.charityId);
        if (charityId && session.subscription) {
          await this.sponsorship.syncFromStripe(charityId, idOf(session.subscription), claim);
          return 'handled';
        }
        const userId = validUserId(session.client_reference_id);
        if (!userId || !session.subscription) return this.ignore(event, 'no runner or subscription on the session');
        await this.subscriptions.syncFromStripe(userId, idOf(session.subscription), claim);
        return 'handled';
      }
      case 'customer.subscription.created':
      case 'customer.subscription.updated':
      case 'customer.subscription.deleted': {
        const subscription = event.data.object;
        const charityId = await this.charityOf(subscription.id, subscription.metadata?.charityId);
        if (charityId) return this.syncSponsorship(charityId, subscription.id, claim);
        return this.sync(event, subscription.id, subscription.metadata?.userId, idOf(subscription.customer), claim);
      }
      case 'invoice.paid':
      case 'invoice.payment_failed': {
        const invoice = event.data.object;
        const subscriptionId = subscriptionIdOfInvoice(invoice);
        if (!subscriptionId) return this.ignore(event, 'invoice of no subscription');
        const metadata = invoice.parent?.subscription_details?.metadata;
        const charityId = await this.charityOf(subscriptionId, metadata?.charityId);
        if (charityId) return this.syncSponsorship(charityId, subscriptionId, claim);
        const metadataUserId = metadata?.userId;
        const customerId = invoice.customer ? idOf(invoice.customer) : null;
        return this.sync(event, subscriptionId, metadataUserId, customerId, claim);
      }
      case 'customer.subscription.trial_will_end':
        return this.remindTrialEnding(event, event.data.object.id, claim);
      default:
        return this.ignore(event, 'not an event billing acts on');
    }
  }

  /** The charity whose runner places a subscription pays for, if it is one. */
  private async charityOf(subscriptionId: string, metadataCharityId: string | undefined): Promise<string | null> {
    return validUserId(metadataCharityId) ?? (await this.sponsorship.charityIdOfSubscription(subscriptionId));
  }

  private async syncSponsorship(
    charityId: string,
    subscriptionId: string,
    claim: ClaimInTransaction,
  ): Promise<StripeEventOutcome> {
    await this.sponsorship.syncFromStripe(charityId, subscriptionId, claim);
    // A cancellation within the last week of the period is told at once, not at the next sweep.
    await this.sponsorship.sendEndingNotices();
    return 'handled';
  }

  private async sync(
    event: Stripe.Event,
    subscriptionId: string,
    metadataUserId: string | undefined,
    customerId: string | null,
    claim: ClaimInTransaction,
  ): Promise<StripeEventOutcome> {
    const userId =
      validUserId(metadataUserId) ?? (await this.subscriptions.userIdForStripe(subscriptionId, customerId));
    if (!userId) return this.ignore(event, 'subscription of no known runner');
    await this.subscriptions.syncFromStripe(userId, subscriptionId, claim);
    return 'handled';
  }

  /** E-mails the runner (Stripe sends this 3 days before the trial ends); sent before the event is marked, so a failure is retried. */
  private async remindTrialEnding(
    event: Stripe.Event,
    subscriptionId: string,
    claim: ClaimInTransaction,
  ): Promise<StripeEventOutcome> {
    // Re-read: a runner who canceled or already paid since Stripe sent this needs no reminder.
    const subscription = await this.stripe.retrieveSubscription(subscriptionId);
    if (subscription.status !== 'trialing' || !subscription.trial_end) return this.ignore(event, 'no longer trialing');
    const email = await this.stripe.customerEmail(idOf(subscription.customer));
    if (!email) return this.ignore(event, 'customer has no e-mail');
    const mail = trialEndingMail(
      email,
      new Date(subscription.trial_end * 1000),
      new URL('/dashboard', env.PUBLIC_URL).toString(),
    );
    await this.events.transaction(async (manager) => {
      if (await claim(manager)) await this.mailer.send(mail);
    });
    return 'handled';
  }

  private ignore(event: Stripe.Event, reason: string): StripeEventOutcome {
    this.logger.info({ eventId: event.id, type: event.type, reason }, 'Stripe event ignored');
    return 'ignored';
  }
}

function validUserId(value: string | null | undefined): string | null {
  return userIdSchema.safeParse(value).success ? (value as string) : null;
}
