import { HttpException, Injectable, NotFoundException } from '@nestjs/common';
import { PROFILES, RUNNER_PROFILE_NOT_FOUND, urlSlugSchema, type PublicProfileView } from '@runpledge/contracts';
import { NatsRpcClient } from '../nats/nats-rpc.client.js';
import { ProfileViewCache, type MaybeStaleView } from './profile-view.cache.js';

/** A page's public view by slug, through this replica's cache: the runner-profile route and the share previews. */
@Injectable()
export class PublicProfileViews {
  constructor(
    private readonly rpc: NatsRpcClient,
    readonly cache: ProfileViewCache,
  ) {}

  /** The page, or a 404 `Runner profile not found`; the slug is matched whatever its case. */
  bySlug(slug: string): Promise<PublicProfileView> {
    const key = slug.toLowerCase();
    return this.cache.get(key, () => this.load(key));
  }

  /** The page; while profiles (or NATS) is down, the last copy this replica served, marked stale. */
  bySlugOrStale(slug: string): Promise<MaybeStaleView> {
    const key = slug.toLowerCase();
    return this.cache.getOrStale(key, () => this.load(key), isOutage);
  }

  private load(slug: string): Promise<PublicProfileView> {
    // No page can have a slug the rules refuse.
    if (!urlSlugSchema.safeParse(slug).success) throw new NotFoundException(RUNNER_PROFILE_NOT_FOUND);
    return this.rpc.call(PROFILES.profile.getBySlug, { slug });
  }
}

/** No answer from profiles: nobody listening, NATS down, or too slow (503/504). */
function isOutage(error: unknown): boolean {
  return error instanceof HttpException && (error.getStatus() === 503 || error.getStatus() === 504);
}
