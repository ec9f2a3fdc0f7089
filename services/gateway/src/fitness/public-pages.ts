import { Injectable } from '@nestjs/common';
import { PROFILES, type PageVisibility, type PageVisibilityQuery } from '@runpledge/contracts';
import { env } from '../config/env.js';
import { NatsRpcClient } from '../nats/nats-rpc.client.js';
import { ProfileCacheInvalidations } from '../profiles/profile-cache-invalidations.js';
import { PublishedPagesCache } from './published-pages.cache.js';

/**
 * Public fitness reads ask profiles, which owns publishing, whether the viewer may see the page
 * (or runner): an unknown page, or one not published to anyone but its owner, answers 404.
 * A page profiles called visible to someone other than its owner is published: that is remembered
 * (PublishedPagesCache, dropped on profiles' change announcements), so a public read of a published
 * page costs no second RPC.
 */
@Injectable()
export class PublicPages {
  private readonly published = new PublishedPagesCache({ ttlMs: env.PROFILE_VIEW_CACHE_TTL_MS, maxEntries: 10_000 });

  constructor(
    private readonly rpc: NatsRpcClient,
    invalidations: ProfileCacheInvalidations,
  ) {
    invalidations.onPageChanged((profileId) => this.published.invalidate(profileId));
  }

  /** Whether the page is known to be published (from an answer of profiles, still current). */
  knownPublished(profileId: string): boolean {
    return this.published.runnerOf(profileId) !== undefined;
  }

  /** The page's runner, when the viewer may see the page (404 otherwise). */
  async assertVisible(query: PageVisibilityQuery): Promise<PageVisibility> {
    const { profileId } = query;
    if (profileId === undefined || query.userId !== undefined) {
      return this.rpc.call(PROFILES.profile.visibility, query);
    }
    const runner = this.published.runnerOf(profileId);
    if (runner !== undefined) return { visible: true, userId: runner };
    const version = this.published.version;
    const answer = await this.rpc.call(PROFILES.profile.visibility, query);
    if (answer.userId !== query.viewerUserId) this.published.remember(profileId, answer.userId, version);
    return answer;
  }
}
