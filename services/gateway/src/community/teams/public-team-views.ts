import { Injectable, NotFoundException } from '@nestjs/common';
import {
  SLUG_PATTERN,
  TEAMS,
  TEAM_LIMITS,
  TEAM_NOT_FOUND,
  type RpcRequestOf,
  type RpcResponseOf,
  type TeamPageQuery,
  type TeamPageResponse,
  type TypedRpcPattern,
} from '@runpledge/contracts';
import { NatsRpcClient } from '../../nats/nats-rpc.client.js';
import { ViewCache } from '../../common/view-cache.js';

/**
 * Team pages through this replica's cache (its TTL is the module's TEAM_VIEW_CACHE_TTL_MS): only a
 * visitor's reads are kept (the captain's own view says `isCaptain`), and any team write through
 * this replica drops them once done.
 */
@Injectable()
export class PublicTeamViews {
  constructor(
    private readonly rpc: NatsRpcClient,
    private readonly cache: ViewCache<TeamPageResponse>,
  ) {}

  /** The team at `slug` (any case) as `viewerUserId` sees it; a 404 for an address no team could have. */
  bySlug(slug: string, viewerUserId: string | undefined, query: TeamPageQuery): Promise<TeamPageResponse> {
    const address = slug.toLowerCase();
    if (address.length > TEAM_LIMITS.slug || !SLUG_PATTERN.test(address)) throw new NotFoundException(TEAM_NOT_FOUND);
    const read = () => this.rpc.call(TEAMS.getBySlug, { slug: address, viewerUserId, query });
    return viewerUserId ? read() : this.cache.get(`${address}\n${query.by}\n${query.page}`, read);
  }

  /** A team write; this replica's cached team views are dropped once it is done. */
  async write<P extends TypedRpcPattern>(pattern: P, payload: RpcRequestOf<P>): Promise<RpcResponseOf<P>> {
    try {
      return await this.rpc.call(pattern, payload);
    } finally {
      this.cache.clear();
    }
  }
}
