import { Inject, Injectable } from '@nestjs/common';
import { LOGGER } from '@runpledge/server-kit';
import type { Logger } from 'pino';
import { env } from '../config/env.js';
import { StravaClient } from '../strava/strava.client.js';
import { WebhookSubscriptionRepository } from './webhook-subscription.repository.js';

/** How long this process trusts a found id, and that there is none (short: the worker may be creating it). */
const REMEMBER_MS = 60_000;
const REMEMBER_NONE_MS = 5_000;
/** Strava gives us 2 s to answer an event; a look-up of our subscription must fit well inside. */
const LOOKUP_TIMEOUT_MS = 800;

/**
 * Our push subscription's id. Strava does not sign its events, but every genuine one carries the id
 * Strava gave our subscription; it is stored when the worker creates or finds the subscription, and
 * looked up from Strava (app credentials, no rate budget) when nothing is stored yet.
 */
@Injectable()
export class WebhookSubscriptionService {
  private remembered: { id: number | null; until: number } | undefined;
  private lookup: Promise<number | null> | undefined;

  constructor(
    private readonly subscriptions: WebhookSubscriptionRepository,
    private readonly strava: StravaClient,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  /** True only for the id of the subscription Strava gave this deployment. */
  async isOurs(subscriptionId: number | undefined): Promise<boolean> {
    if (subscriptionId === undefined) return false;
    const ours = await this.currentId();
    return ours !== null && ours === subscriptionId;
  }

  /** Stores the id Strava gave our subscription (created, or found when the worker starts). */
  async remember(subscriptionId: number, callbackUrl: string): Promise<void> {
    await this.subscriptions.replace(subscriptionId, callbackUrl);
    this.remembered = { id: subscriptionId, until: Date.now() + REMEMBER_MS };
  }

  private async currentId(): Promise<number | null> {
    if (this.remembered && this.remembered.until > Date.now()) return this.remembered.id;
    // One look-up at a time however many events arrive together.
    this.lookup ??= this.read().finally(() => (this.lookup = undefined));
    const id = await this.lookup;
    this.remembered = { id, until: Date.now() + (id === null ? REMEMBER_NONE_MS : REMEMBER_MS) };
    return id;
  }

  private async read(): Promise<number | null> {
    const stored = await this.subscriptions.current();
    if (stored !== null) return stored;
    try {
      const subs = await this.strava.listPushSubscriptions(LOOKUP_TIMEOUT_MS);
      const ours = subs.find((sub) => sub.callback_url === env.strava.webhookCallbackUrl);
      if (!ours) return null;
      await this.subscriptions.replace(ours.id, ours.callback_url);
      return ours.id;
    } catch (err) {
      this.logger.warn({ err }, 'Could not read the Strava push subscription; events refused meanwhile');
      return null;
    }
  }
}
