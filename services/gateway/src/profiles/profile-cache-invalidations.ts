import { Injectable, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { PROFILE_CACHE_INVALIDATION } from '@runpledge/contracts';
import { natsConnectionOptions, subjectPrefix } from '@runpledge/server-kit/messaging';
import { env } from '../config/env.js';
import { ProfileViewCache } from './profile-view.cache.js';

/**
 * Listens to profiles' change announcements on core NATS without a queue group, so every gateway
 * replica hears each one and drops its own cached view.
 */
@Injectable()
export class ProfileCacheInvalidations implements OnModuleInit, OnApplicationShutdown {
  private nc: NatsConnection | undefined;
  private readonly listeners: Array<(profileId: string | 'all') => void> = [];

  constructor(private readonly cache: ProfileViewCache) {}

  /** Lets other per-page state follow the same announcements: a page id, or 'all' after a reconnect. */
  onPageChanged(listener: (profileId: string | 'all') => void): void {
    this.listeners.push(listener);
  }

  async onModuleInit(): Promise<void> {
    const nc = await connect({
      ...natsConnectionOptions(env),
      name: 'gateway-profile-cache',
      maxReconnectAttempts: -1,
    });
    this.nc = nc;
    nc.subscribe(`${subjectPrefix()}${PROFILE_CACHE_INVALIDATION.subject}`, {
      callback: (err, msg) => {
        if (err) return;
        const change = PROFILE_CACHE_INVALIDATION.schema.safeParse(safeJson(msg.string()));
        if (!change.success) return;
        this.cache.invalidate(change.data.profileId, change.data.slug);
        for (const listener of this.listeners) listener(change.data.profileId);
      },
    });
    void this.clearOnReconnect(nc);
  }

  async onApplicationShutdown(): Promise<void> {
    await this.nc?.drain();
  }

  /** While disconnected, announcements are lost: start afresh rather than serve what may be stale. */
  private async clearOnReconnect(nc: NatsConnection): Promise<void> {
    for await (const status of nc.status()) {
      if (status.type === 'reconnect') {
        this.cache.clear();
        for (const listener of this.listeners) listener('all');
      }
    }
  }
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
