import { Injectable } from '@nestjs/common';
import { PROFILES, type PageVisibility, type PageVisibilityQuery } from '@runpledge/contracts';
import { NatsRpcClient } from '../nats/nats-rpc.client.js';

/**
 * Public fitness reads ask profiles, which owns publishing, whether the viewer may see the page
 * (or runner): an unknown page, or one not published to anyone but its owner, answers 404.
 */
@Injectable()
export class PublicPages {
  constructor(private readonly rpc: NatsRpcClient) {}

  /** The page's runner, when the viewer may see the page (404 otherwise). */
  assertVisible(query: PageVisibilityQuery): Promise<PageVisibility> {
    return this.rpc.call(PROFILES.profile.visibility, query);
  }
}
