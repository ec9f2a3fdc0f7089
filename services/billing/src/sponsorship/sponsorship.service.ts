import { Inject, Injectable } from '@nestjs/common';
import {
  ErrorCode,
  SPONSORSHIP,
  SPONSORSHIP_MESSAGES,
  hasAccess,
  type SeatCommand,
  type Sponsorship,
  type SponsorshipCheckoutCommand,
  type SponsorshipPortalCommand,
} from '@runpledge/contracts';
import { DomainEvents, LOGGER, lockLiveAccount, Mailer, ServiceException } from '@runpledge/server-kit';
import { createHash, randomUUID } from 'node:crypto';
import type { Logger } from 'pino';
import type Stripe from 'stripe';
import type { EntityManager } from 'typeorm';
import { env } from '../config/env.js';
import { idOf, mapStripeSubscription } from '../stripe/map-stripe-subscription.util.js';
import { StripeClient } from '../stripe/stripe.client.js';
import type { ClaimInTransaction } from '../subscriptions/subscriptions.service.js';
import { RunnerAccess, type RunnerAccessState } from '../subscriptions/runner-access.service.js';
import { SubscriptionsRepository } from '../subscriptions/subscriptions.repository.js';
import type { CharitySponsorshipEntity } from './charity-sponsorship.entity.js';
import { CharityAccessClient } from './charity-access.client.js';
import { seatEndingMail } from './seat-ending-mail.js';
import { SponsorshipRepository } from './sponsorship.repository.js';

const LIVE = new Set(['trialing', 'active', 'past_due']);
/** Reads of Stripe before a sync gives up because the charity's row changed after each. */
const SYNC_ATTEMPTS = 3;
/** Seats mailed per pass of the ending notices; the next pass takes the rest. */
const NOTICE_BATCH = 200;
const CHECKOUT_IDEMPOTENCY_WINDOW_MS = 10 * 60 * 1000;

function versionOf(row: CharitySponsorshipEntity | null): string {
  if (!row) return JSON.stringify(['none', 0, null, null, null]);
  return JSON.stringify([
    row.status,
    row.seats,
    row.stripeSubscriptionId,
    row.currentPeriodEnd?.getTime() ?? null,
    row.endsAt?.getTime() ?? null,
  ]);
}

/**
 * A charity's runner places: bought through Stripe Checkout (quantity = places), changed in the
 * portal, given to runners whose page names the charity. A seated runner's access events say they
 * have access while the place and the charity's subscription last (RunnerAccess).
 */
@Injectable()
export class SponsorshipService {
  private price: Promise<string> | undefined;

  constructor(
    private readonly sponsorships: SponsorshipRepository,
    private readonly subscriptions: SubscriptionsRepository,
    private readonly access: RunnerAccess,
    private readonly charities: CharityAccessClient,
    private readonly stripe: StripeClient,
    private readonly events: DomainEvents,
    private readonly mailer: Mailer,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  async get(userId: string, charityId: string): Promise<Sponsorship> {
    await this.charities.assertAdmin(charityId, userId);
    return this.state(charityId);
  }

  async checkout(command: SponsorshipCheckoutCommand): Promise<{ url: string }> {
    await this.charities.assertAdmin(command.charityId, command.userId);
    const current = await this.sponsorships.findByCharityId(command.charityId);
    // A second subscription would bill the charity twice; the portal changes how many places.
    if (current && LIVE.has(current.status)) throw ServiceException.conflict(SPONSORSHIP_MESSAGES.alreadySubscribed);
    const customerId =
      current?.stripeCustomerId ??
      (await this.sponsorships.saveCustomerIdIfMissing(
        command.charityId,
        await this.stripe.createCharityCustomer(command.charityId, command.email),
      ));
    const dashboard = new URL('/dashboard', env.PUBLIC_URL).toString();
    const successUrl = command.successUrl ?? dashboard;
    const cancelUrl = command.cancelUrl ?? dashboard;
    const priceId = await this.seatPrice();
    const digest = createHash('sha256')
      .update(JSON.stringify([priceId, command.seats, successUrl, cancelUrl, versionOf(current)]))
      .digest('hex')
      .slice(0, 32);
    const session = await this.stripe.createSponsorshipCheckoutSession({
      charityId: command.charityId,
      customerId,
      priceId,
      seats: command.seats,
      successUrl,
      cancelUrl,
      idempotencyKey: `sponsorship:${command.charityId}:${digest}:${Math.floor(Date.now() / CHECKOUT_IDEMPOTENCY_WINDOW_MS)}`,
    });
    if (!session.url) throw new ServiceException(ErrorCode.ServiceUnavailable, 'Checkout gave no payment page.');
    return { url: session.url };
  }

  /** Stripe's customer portal for the charity's customer: the quantity of places, the card, invoices, cancelling. */
  async portal(command: SponsorshipPortalCommand): Promise<{ url: string }> {
    await this.charities.assertAdmin(command.charityId, command.userId);
    const current = await this.sponsorships.findByCharityId(command.charityId);
    // A customer without a subscription (a Checkout left unpaid) has nothing to change in the portal.
    if (!current?.stripeCustomerId || !current.stripeSubscriptionId)
      throw ServiceException.conflict(SPONSORSHIP_MESSAGES.noPlacesToManage);
    // Billing does not know the charity's slug (community's): the dashboard leads to its console.
    const returnUrl = command.returnUrl ?? new URL('/dashboard', env.PUBLIC_URL).toString();
    // Each press is a new portal session (they expire within minutes); the key makes a network retry safe.
    const url = await this.stripe.createPortalSession(
      current.stripeCustomerId,
      returnUrl,
      `sponsorship-portal:${command.charityId}:${randomUUID()}`,
    );
    return { url };
  }

  /** Gives a place to a page naming the charity; never more places used than bought. */
  async assignSeat(command: SeatCommand): Promise<Sponsorship> {
    const { page } = await this.charities.assertAdmin(command.charityId, command.userId, command.runnerProfileId);
    if (!page) throw ServiceException.notFound('Runner profile not found');
    if (!page.namesCharity) throw ServiceException.badRequest(SPONSORSHIP_MESSAGES.pageNotNamingCharity);
    await this.events.transaction(async (manager) => {
      const sponsorship = await this.sponsorships.lock(manager, command.charityId);
      if (!hasAccess(sponsorship.status, sponsorship.currentPeriodEnd))
        throw ServiceException.conflict(SPONSORSHIP_MESSAGES.notLive);
      if (await this.sponsorships.findSeat(manager, command.charityId, command.runnerProfileId)) return;
      if ((await this.sponsorships.countSeats(manager, command.charityId)) >= sponsorship.seats)
        throw ServiceException.conflict(SPONSORSHIP_MESSAGES.noFreeSeat);
      if (!(await lockLiveAccount(manager, page.userId))) throw ServiceException.notFound('Runner profile not found');
      await this.subscriptions.lockByUserId(manager, page.userId);
      const before = await this.access.current(manager, page.userId);
      await this.sponsorships.addSeat(manager, { ...command, userId: page.userId });
      await this.access.recordIfChanged(manager, page.userId, before);
    });
    return this.state(command.charityId);
  }

  /** Takes a place back; the runner goes back to their own trial or subscription. */
  async releaseSeat(command: SeatCommand): Promise<Sponsorship> {
    await this.charities.assertAdmin(command.charityId, command.userId);
    await this.events.transaction(async (manager) => {
      await this.sponsorships.lock(manager, command.charityId);
      const seat = await this.sponsorships.findSeat(manager, command.charityId, command.runnerProfileId);
      if (!seat) throw ServiceException.notFound(SPONSORSHIP_MESSAGES.seatNotFound);
      await this.withRunnerAccess(manager, [seat.userId], () =>
        this.sponsorships.removeSeat(manager, command.charityId, command.runnerProfileId),
      );
    });
    return this.state(command.charityId);
  }

  charityIdOfSubscription(subscriptionId: string): Promise<string | null> {
    return this.sponsorships.charityIdOfSubscription(subscriptionId);
  }

  /**
   * Makes the charity's places what Stripe says now (read outside the lock, applied only if the
   * row did not change meanwhile). Fewer places than given releases the newest assignments.
   */
  async syncFromStripe(charityId: string, subscriptionId: string, claim?: ClaimInTransaction): Promise<void> {
    for (let attempt = 1; attempt <= SYNC_ATTEMPTS; attempt++) {
      const seen = versionOf(await this.sponsorships.findByCharityId(charityId));
      const subscription = await this.stripe.retrieveSubscription(subscriptionId);
      const applied = await this.events.transaction(async (manager) => {
        const row = await this.sponsorships.lock(manager, charityId);
        if (versionOf(row) !== seen) return false;
        if (claim && !(await claim(manager))) return true;
        const incoming = sponsorshipOf(subscription);
        // News about an older subscription does not end a live newer one.
        const other = row.stripeSubscriptionId !== null && row.stripeSubscriptionId !== subscriptionId;
        if (other && LIVE.has(row.status) && !LIVE.has(incoming.status)) return true;
        const seats = await this.sponsorships.seatsNewestFirst(manager, charityId);
        await this.withRunnerAccess(
          manager,
          seats.map((s) => s.userId),
          async () => {
            Object.assign(row, incoming, { stripeSubscriptionId: subscriptionId });
            await this.sponsorships.save(manager, row);
            for (const seat of seats.slice(0, Math.max(0, seats.length - row.seats))) {
              await this.sponsorships.removeSeat(manager, charityId, seat.runnerProfileId);
            }
          },
        );
        return true;
      });
      if (applied) return;
    }
    this.logger.warn({ charityId, subscriptionId }, 'sponsorship kept changing while it was read from Stripe');
    throw new ServiceException(ErrorCode.ServiceUnavailable, 'Billing is busy, please try again.');
  }

  /**
   * Mails each runner whose place ends within a week (the charity cancelled at period end), once
   * per end; answers how many were mailed. A runner billing knows no e-mail for is marked and skipped.
   */
  async sendEndingNotices(now = new Date()): Promise<number> {
    let sent = 0;
    for (const seat of await this.sponsorships.endingSeats(now, SPONSORSHIP.endingNoticeDays, NOTICE_BATCH)) {
      const customerId = (await this.subscriptions.findByUserId(seat.userId))?.stripeCustomerId ?? null;
      const email = customerId ? await this.stripe.customerEmail(customerId) : null;
      await this.events.transaction(async (manager) => {
        if (!(await this.sponsorships.claimEndingNotice(manager, seat))) return;
        if (!email) {
          this.logger.info({ userId: seat.userId }, 'no e-mail known for a runner whose place ends');
          return;
        }
        await this.mailer.send(seatEndingMail(email, seat.endsAt, new URL('/dashboard', env.PUBLIC_URL).toString()));
        sent++;
      });
    }
    return sent;
  }

  private async state(charityId: string): Promise<Sponsorship> {
    const row = await this.sponsorships.findByCharityId(charityId);
    const used = row ? await this.sponsorships.usedSeats(charityId) : 0;
    return { seats: row?.seats ?? 0, used, status: row?.status ?? 'none' };
  }

  /** Runs a change of places with the runners' rows locked, recording each runner whose access changed. */
  private async withRunnerAccess(manager: EntityManager, userIds: string[], change: () => Promise<void>) {
    const unique = [...new Set(userIds)].sort();
    const before = new Map<string, RunnerAccessState>();
    for (const userId of unique) {
      await this.subscriptions.lockByUserId(manager, userId);
      before.set(userId, await this.access.current(manager, userId));
    }
    await change();
    for (const userId of unique) await this.access.recordIfChanged(manager, userId, before.get(userId)!);
  }

  private seatPrice(): Promise<string> {
    this.price ??= this.stripe.findOrCreateSeatPrice().catch((err: unknown) => {
      this.price = undefined;
      throw err;
    });
    return this.price;
  }
}

/** A Stripe subscription of runner places in billing's terms. */
function sponsorshipOf(subscription: Stripe.Subscription) {
  const mapped = mapStripeSubscription(subscription);
  const item = subscription.items.data[0];
  const live = LIVE.has(mapped.status);
  const cancelAt = subscription.cancel_at ?? (subscription.cancel_at_period_end ? item?.current_period_end : null);
  return {
    status: mapped.status,
    seats: item?.quantity ?? 0,
    stripeCustomerId: idOf(subscription.customer),
    currentPeriodEnd: mapped.currentPeriodEnd,
    endsAt: live && cancelAt ? new Date(cancelAt * 1000) : null,
  };
}
