import { Injectable } from '@nestjs/common';
import { hasAccess } from '@runpledge/contracts';
import type { EntityManager } from 'typeorm';
import { OwnerAccessRepository } from '../pages/owner-access.repository.js';
import { PageEntity } from '../pages/page.entity.js';
import { RunnerDistancesRepository } from '../pages/runner-distances.repository.js';
import { StandingMembersRepository } from '../standings/standing-members.repository.js';
import { StandingsService } from '../standings/standings.service.js';
import { EventsRepository } from './events.repository.js';

/** Merged events form chains at most this long. */
const MAX_MERGE_HOPS = 20;

/**
 * Keeps a page's membership of its event's standing in step with the event its copy names: the
 * page leaves the event it was counted in and joins the one it names now (a merged event's pages
 * count in the event it went into). Doing nothing when already in step, it is safe to run again on a
 * redelivered or late event.
 */
@Injectable()
export class EventMembershipService {
  constructor(
    private readonly events: EventsRepository,
    private readonly members: StandingMembersRepository,
    private readonly standings: StandingsService,
    private readonly access: OwnerAccessRepository,
    private readonly distances: RunnerDistancesRepository,
  ) {}

  /** The live event an event id leads to (its own, or where it was merged); null when unknown. */
  async liveEventId(manager: EntityManager, eventId: string | null): Promise<string | null> {
    let id = eventId;
    for (let hops = 0; id !== null && hops < MAX_MERGE_HOPS; hops++) {
      const event = await this.events.findById(manager, id);
      if (!event) return null;
      if (event.mergedInto === null) return event.id;
      id = event.mergedInto;
    }
    return null;
  }

  async sync(manager: EntityManager, profileId: string): Promise<void> {
    const page = await manager.findOne(PageEntity, { where: { profileId } });
    const target =
      page && page.deletedAt === null && page.userId !== null ? await this.liveEventId(manager, page.eventId) : null;
    const current = await this.members.find(manager, 'event', profileId);
    if ((current?.groupId ?? null) === target) return;
    if (current) await this.standings.leave(manager, 'event', profileId);
    if (!target || !page || !page.userId) return;
    const access = await this.access.find(manager, page.userId);
    const distance = await this.distances.find(manager, page.userId);
    await this.standings.join(
      manager,
      { kind: 'event', id: target },
      {
        profileId,
        userId: page.userId,
        status: 'member',
        joinedAt: new Date(),
        published: access ? hasAccess(access.status, access.currentPeriodEnd) : false,
        raised: page.fundsRaised,
        donors: page.totalDonors,
        currency: page.currency,
        totalsVersion: page.totalsVersion,
        meters: distance?.totalMeters ?? 0,
        distanceVersion: distance?.version ?? -1,
      },
    );
  }
}
