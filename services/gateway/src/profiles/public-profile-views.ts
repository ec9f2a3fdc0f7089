import { Injectable, NotFoundException } from '@nestjs/common';
import { PROFILES, RUNNER_PROFILE_NOT_FOUND, urlSlugSchema, type PublicProfileView } from '@runpledge/contracts';
import { NatsRpcClient } from '../nats/nats-rpc.client.js';
import { ProfileViewCache } from './profile-view.cache.js';

/** A page's public view by slug, through this replica's cache: the runner-profile route and the share previews. */
@Injectable()
export class PublicProfileViews {
  constructor(
    private readonly rpc: NatsRpcClient,
    readonly cache: ProfileViewCache,
  ) {}

  /** The page, or a 404 `Runner profile not found`; the slug is matched whatever its case. */
  bySlug(typed: string): Promise<PublicProfileView> {
    const slug = typed.toLowerCase();
    return this.cache.get(slug, () => {
      // No page can have a slug the rules refuse.
      if (!urlSlugSchema.safeParse(slug).success) throw new NotFoundException(RUNNER_PROFILE_NOT_FOUND);
      return this.rpc.send<PublicProfileView>(PROFILES.profile.getBySlug, { slug });
    });
  }
}
