import { Injectable, type OnModuleInit } from '@nestjs/common';
import { COMMUNITY_EVENTS } from '@runpledge/contracts';
import { DomainEvents, type EventContext } from '@runpledge/server-kit';
import type { z } from 'zod';
import { ProfileCacheNotifier } from '../profile-cache/profile-cache.notifier.js';
import { PageTeamsRepository } from './page-teams.repository.js';

type PageTeamChanged = z.infer<typeof COMMUNITY_EVENTS.pageTeamChanged.schema>;

/**
 * Keeps each page's team from community's events (community owns teams): the public page read stays
 * one query, and the page's cached views are dropped once the change commits.
 */
@Injectable()
export class PageTeamsService implements OnModuleInit {
  constructor(
    private readonly pageTeams: PageTeamsRepository,
    private readonly events: DomainEvents,
    private readonly cache: ProfileCacheNotifier,
  ) {}

  onModuleInit(): void {
    this.events.on(COMMUNITY_EVENTS.pageTeamChanged, (payload, context) => this.apply(payload, context));
  }

  async apply(change: PageTeamChanged, { manager, envelope }: EventContext): Promise<void> {
    const place = change.team && { ...change.team, joinedAt: new Date(change.team.joinedAt) };
    const slug = await this.pageTeams.applyIfNewer(manager, change, place, new Date(envelope.occurredAt));
    if (slug) this.cache.afterCommit(manager, [{ slug, profileId: change.profileId }]);
  }
}
