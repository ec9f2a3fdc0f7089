import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type pg from 'pg';
import { Not, Raw, type EntityManager, type Repository } from 'typeorm';
import { FORMER_ADDRESSES, RACE_DAY_LIMITS, type SubscriptionStatus } from '@runpledge/contracts';
import { ChallengeClaimEntity } from '../challenges/challenge-claim.entity.js';
import { FundraisingChallengeEntity } from '../challenges/fundraising-challenge.entity.js';
import { OwnerAccessEntity } from '../owner-access/owner-access.entity.js';
import { RunnerProfileEntity } from './runner-profile.entity.js';
import { SlugRedirectEntity } from './slug-redirect.entity.js';

export type RunnerProfileValues = Omit<
  RunnerProfileEntity,
  | 'id'
  | 'createdAt'
  | 'updatedAt'
  | 'ownerAccess'
  | 'team'
  | 'totalsVersion'
  | 'raceResult'
  | 'followerCount'
  | 'raceTimeZone'
  | 'raisingUntil'
> & { totalsVersion?: number; raceTimeZone?: string | null; raisingUntil?: string | null };
export type RunnerProfileChanges = Partial<Omit<RunnerProfileValues, 'userId' | 'urlSlug'>>;

/** A page as the public read shows it: the row with its owner's access and its challenges in page order. */
export interface PublicPageRows {
  page: RunnerProfileEntity;
  challenges: FundraisingChallengeEntity[];
}

type PublicPageRow = Omit<RunnerProfileEntity, 'ownerAccess'> & {
  accessStatus: SubscriptionStatus | null;
  accessPeriodEnd: Date | null;
  challenges: (Omit<FundraisingChallengeEntity, 'amount'> & { amount: string })[];
};

@Injectable()
export class RunnerProfilesRepository {
  constructor(@InjectRepository(RunnerProfileEntity) private readonly profiles: Repository<RunnerProfileEntity>) {}

  /**
   * The page at `slug`, or the page that had it before moving (its `urlSlug` then says where it is
   * now), with its owner's access (status and period end only: all `published` needs; null when
   * billing never spoke of them) and its challenges in page order, each with its first claimer's
   * name and claim count. One plain query, no query builder, no entity hydration: the public page
   * read is the hottest read the page cache does not cover (random pages).
   */
  async findPublicPageBySlug(slug: string): Promise<PublicPageRows | null> {
    const table = (entity: typeof RunnerProfileEntity | typeof OwnerAccessEntity | typeof SlugRedirectEntity) =>
      this.profiles.manager.connection.getMetadata(entity).tablePath;
    const challenges = this.profiles.manager.connection.getMetadata(FundraisingChallengeEntity).tablePath;
    const claims = this.profiles.manager.connection.getMetadata(ChallengeClaimEntity).tablePath;
    // A named statement on pg's pool under TypeORM: PostgreSQL parses and plans it once per
    // connection (its backend's CPU per read, measured: 0.66 ms unnamed, 0.35 ms prepared).
    const pool = (this.profiles.manager.connection.driver as unknown as { master: pg.Pool }).master;
    const { rows } = await pool.query<PublicPageRow>({
      name: 'profiles.public-page-by-slug',
      text: `SELECT p.id, p.user_id AS "userId", p.url_slug AS "urlSlug", p.name, p.marathon_name AS "marathonName",
              p.marathon_date::text AS "marathonDate", p.goal_hours AS "goalHours", p.goal_minutes AS "goalMinutes",
              p.charity_link AS "charityLink", p.charity_id AS "charityId", p.charity_name AS "charityName",
              p.charity_slug AS "charitySlug", p.description, p.connect_strava AS "connectStrava",
              p.donation_platform AS "donationPlatform", p.donor_drive_event_url AS "donorDriveEventUrl",
              p.donor_drive_participant_id AS "donorDriveParticipantId", p.donor_drive_donate_url AS "donorDriveDonateUrl",
              p.just_giving_page_short_name AS "justGivingPageShortName", p.haku_donation_url AS "hakuDonationUrl",
              p.funds_raised AS "fundsRaised", p.fundraising_goal AS "fundraisingGoal", p.total_donors AS "totalDonors",
              p.fundraising_currency AS "fundraisingCurrency", p.totals_source AS "totalsSource",
              p.distance_unit AS "distanceUnit",
              p.totals_synced_at AS "totalsSyncedAt", p.totals_etag AS "totalsEtag",
              p.goal_set_by_owner AS "goalSetByOwner", p.created_at AS "createdAt", p.updated_at AS "updatedAt",
              p.totals_version::float8 AS "totalsVersion", p.event_id AS "eventId", p.event_slug AS "eventSlug",
              p.race_time_zone AS "raceTimeZone", p.raising_until::text AS "raisingUntil",
              (SELECT json_build_object('status', r.status, 'finishSeconds', r.finish_seconds, 'source', r.source)
                 FROM "profiles"."race_results" r
                WHERE r.runner_profile_id = p.id AND r.status IS NOT NULL) AS "raceResult",
              (SELECT count(*)::int FROM "profiles"."followers" f
                WHERE f.runner_profile_id = p.id AND f.status = 'confirmed') AS "followerCount",
              (SELECT json_build_object('slug', pt.team_slug, 'name', pt.team_name) FROM "profiles"."page_teams" pt
                WHERE pt.profile_id = p.id AND pt.status = 'member') AS team,
              a.status AS "accessStatus", a.current_period_end AS "accessPeriodEnd",
              (SELECT coalesce(json_agg(json_build_object(
                        'id', c.id, 'runnerProfileId', c.runner_profile_id, 'amount', c.amount::text,
                        'description', c.description, 'isExclusive', c.is_exclusive, 'position', c.position,
                        'claimedBy', (SELECT cc.name FROM ${claims} cc WHERE cc.challenge_id = c.id
                                       ORDER BY cc.created_at, cc.id LIMIT 1),
                        'claimCount', (SELECT count(*)::int FROM ${claims} cc WHERE cc.challenge_id = c.id)
                      ) ORDER BY c.position), '[]'::json)
                 FROM ${challenges} c WHERE c.runner_profile_id = p.id) AS challenges
         FROM ${table(RunnerProfileEntity)} p
         LEFT JOIN ${table(OwnerAccessEntity)} a ON a.user_id = p.user_id
        WHERE p.url_slug = $1
           OR p.id = (SELECT r.runner_profile_id FROM ${table(SlugRedirectEntity)} r
                     WHERE r.old_slug = $1 AND r.expires_at > now())
        LIMIT 1`,
      values: [slug],
    });
    const row = rows[0];
    if (!row) return null;
    const { accessStatus, accessPeriodEnd, challenges: challengeRows, ...page } = row;
    return {
      page: {
        ...page,
        ownerAccess:
          accessStatus === null
            ? null
            : ({ status: accessStatus, currentPeriodEnd: accessPeriodEnd } as OwnerAccessEntity),
      },
      challenges: challengeRows.map((challenge) => ({ ...challenge, amount: Number(challenge.amount) })),
    };
  }

  /** The page with id `id`, with its owner's access row. */
  findByIdWithAccess(id: string): Promise<RunnerProfileEntity | null> {
    return this.withAccess().where('p.id = :id', { id }).getOne();
  }

  /** One page of `userId` (any: published is the owner's access, the same for all their pages), with that access. */
  findAnyByUserIdWithAccess(userId: string): Promise<RunnerProfileEntity | null> {
    return this.withAccess().where('p.user_id = :userId', { userId }).limit(1).getOne();
  }

  /** Pages joined with their owner's access row (`ownerAccess`), which decides whether they are published. */
  private withAccess() {
    return this.profiles
      .createQueryBuilder('p')
      .leftJoinAndMapOne('p.ownerAccess', OwnerAccessEntity, 'a', 'a.user_id = p.user_id');
  }

  findById(id: string): Promise<RunnerProfileEntity | null> {
    return this.profiles.findOneBy({ id });
  }

  /** Pages whose totals come from a platform and are still raising, with their owner's access (the sync's schedule). */
  listSyncedWithAccess(): Promise<RunnerProfileEntity[]> {
    return (
      this.profiles
        .createQueryBuilder('p')
        .select(['p.id', 'p.userId'])
        .leftJoinAndMapOne('p.ownerAccess', OwnerAccessEntity, 'a', 'a.user_id = p.user_id')
        .where("p.totals_source <> 'manual'")
        // Until its last day of raising (a day's grace for the time zones): after it, the page keeps
        // its last totals and the owner's refresh still reads them.
        .andWhere('COALESCE(p.raising_until, p.marathon_date + CAST(:days AS int)) >= CURRENT_DATE - 1', {
          days: RACE_DAY_LIMITS.raisingDaysAfterRace,
        })
        .orderBy('p.id')
        .getMany()
    );
  }

  /**
   * How many pages the user has. Inside a transaction that took the user's lock first
   * (`assertLiveAccount`), two concurrent creations by one user are counted one after the other.
   */
  countByUserId(manager: EntityManager, userId: string): Promise<number> {
    return manager.countBy(RunnerProfileEntity, { userId });
  }

  /** Whether a page has `slug`, or had it and still redirects from it or holds it (until it expires). */
  async slugExists(slug: string, manager: EntityManager = this.profiles.manager): Promise<boolean> {
    return (
      (await manager.existsBy(RunnerProfileEntity, { urlSlug: slug })) ||
      (await manager.existsBy(SlugRedirectEntity, { oldSlug: slug, expiresAt: Raw((at) => `${at} > now()`) }))
    );
  }

  /**
   * Moves a page (locked by the caller) from `from` to `to`, keeping `from` as a redirect for
   * FORMER_ADDRESSES.keptForDays; beyond the page's FORMER_ADDRESSES.keptPerPage most recent, the
   * oldest go. False when `to` is another page's address, former address or held address. Moving
   * back to one of its own former addresses takes that redirect back. Answers the addresses that
   * stopped leading to the page.
   */
  async moveSlug(manager: EntityManager, id: string, from: string, to: string): Promise<string[] | false> {
    await manager.delete(SlugRedirectEntity, { oldSlug: to, runnerProfileId: id });
    if (await this.slugExists(to, manager)) return false;
    const redirects = manager.connection.getMetadata(SlugRedirectEntity).tablePath;
    // An expired row may still hold the name: it is replaced.
    await manager.query(
      `INSERT INTO ${redirects} (old_slug, runner_profile_id, created_at, expires_at)
       VALUES ($1, $2, clock_timestamp(), clock_timestamp() + make_interval(days => $3))
       ON CONFLICT (old_slug) DO UPDATE
         SET runner_profile_id = EXCLUDED.runner_profile_id, created_at = EXCLUDED.created_at,
             expires_at = EXCLUDED.expires_at`,
      [from, id, FORMER_ADDRESSES.keptForDays],
    );
    const [dropped] = (await manager.query(
      `DELETE FROM ${redirects} WHERE old_slug IN (
         SELECT old_slug FROM ${redirects} WHERE runner_profile_id = $1
         ORDER BY created_at DESC, old_slug OFFSET $2)
       RETURNING old_slug`,
      [id, FORMER_ADDRESSES.keptPerPage],
    )) as [{ old_slug: string }[], number];
    await manager.update(RunnerProfileEntity, { id }, { urlSlug: to });
    return dropped.map((row) => row.old_slug);
  }

  /**
   * Deletes a page the caller holds locked (its challenges, claims and encouragement cascade) and
   * holds its address and former addresses from every page for FORMER_ADDRESSES.heldAfterDeletionDays:
   * its posters and shared links point there. Answers those addresses (the page's views may be cached
   * under each).
   */
  async deleteHoldingAddresses(
    manager: EntityManager,
    page: Pick<RunnerProfileEntity, 'id' | 'urlSlug'>,
  ): Promise<string[]> {
    const addresses = [page.urlSlug, ...(await this.listFormerSlugs(manager, page.id))];
    await manager.delete(RunnerProfileEntity, { id: page.id });
    await this.holdSlugs(manager, addresses, FORMER_ADDRESSES.heldAfterDeletionDays);
    return addresses;
  }

  /** The page's former addresses that still lead to it. */
  private async listFormerSlugs(manager: EntityManager, id: string): Promise<string[]> {
    const rows = await manager.find(SlugRedirectEntity, {
      select: { oldSlug: true },
      where: { runnerProfileId: id, expiresAt: Raw((at) => `${at} > now()`) },
    });
    return rows.map((row) => row.oldSlug);
  }

  /** Keeps `slugs` from every page for `days` (a deleted page's addresses); no page behind them. */
  private async holdSlugs(manager: EntityManager, slugs: string[], days: number): Promise<void> {
    if (slugs.length === 0) return;
    const redirects = manager.connection.getMetadata(SlugRedirectEntity).tablePath;
    await manager.query(
      `INSERT INTO ${redirects} (old_slug, runner_profile_id, created_at, expires_at)
       SELECT slug, NULL, clock_timestamp(), clock_timestamp() + make_interval(days => $2)
       FROM unnest($1::text[]) AS slug
       ON CONFLICT (old_slug) DO UPDATE
         SET runner_profile_id = NULL, created_at = EXCLUDED.created_at, expires_at = EXCLUDED.expires_at`,
      [slugs, days],
    );
  }

  /** The user's pages, newest first, each with the owner's access row (for `published`). */
  listByUserIdNewestFirst(userId: string): Promise<RunnerProfileEntity[]> {
    return this.profiles
      .createQueryBuilder('p')
      .leftJoinAndMapOne('p.ownerAccess', OwnerAccessEntity, 'a', 'a.user_id = p.user_id')
      .where('p.user_id = :userId', { userId })
      .orderBy('p.created_at', 'DESC')
      .addOrderBy('p.id', 'ASC')
      .getMany();
  }

  async findNewestSlugByUserId(userId: string): Promise<string | null> {
    const newest = await this.profiles.findOne({
      select: { urlSlug: true },
      where: { userId },
      order: { createdAt: 'DESC', id: 'ASC' },
    });
    return newest?.urlSlug ?? null;
  }

  /** Id and slug of each of a user's pages, e.g. to announce them changed. */
  listSlugsByUserId(manager: EntityManager, userId: string): Promise<Pick<RunnerProfileEntity, 'id' | 'urlSlug'>[]> {
    return manager.find(RunnerProfileEntity, { select: { id: true, urlSlug: true }, where: { userId } });
  }

  /**
   * Reads the page and locks its row until the caller's transaction ends, so writes to one page
   * and its challenges take turns (positions, the challenge count) while other pages go on.
   */
  lockById(manager: EntityManager, id: string): Promise<RunnerProfileEntity | null> {
    return manager
      .createQueryBuilder(RunnerProfileEntity, 'p')
      .setLock('pessimistic_write')
      .where('p.id = :id', { id })
      .getOne();
  }

  /** Id and slug of each of a user's pages, their rows locked like lockById's until the caller's transaction ends. */
  lockByUserId(manager: EntityManager, userId: string): Promise<Pick<RunnerProfileEntity, 'id' | 'urlSlug'>[]> {
    return manager
      .createQueryBuilder(RunnerProfileEntity, 'p')
      .select(['p.id', 'p.urlSlug'])
      .setLock('pessimistic_write')
      .where('p.user_id = :userId', { userId })
      .orderBy('p.id')
      .getMany();
  }

  /** Inserts the page unless its slug is taken, also by a concurrent insert; null then. */
  async insertIfSlugFree(manager: EntityManager, values: RunnerProfileValues): Promise<RunnerProfileEntity | null> {
    const result = await manager
      .createQueryBuilder()
      .insert()
      .into(RunnerProfileEntity)
      .values(values)
      .orIgnore()
      .returning(['id'])
      .execute();
    const inserted = (result.raw as { id: string }[])[0];
    // Read back so defaults and numerics come as PostgreSQL holds them ("0.00", not 0).
    return inserted ? manager.findOneByOrFail(RunnerProfileEntity, { id: inserted.id }) : null;
  }

  /** Applies the changes to a row the caller holds locked (no read-back: the caller knows the row). */
  async updateLocked(manager: EntityManager, id: string, changes: RunnerProfileChanges): Promise<void> {
    await manager.update(RunnerProfileEntity, { id }, changes);
  }

  /** Applies the changes and reads the row back as stored. */
  async update(manager: EntityManager, id: string, changes: RunnerProfileChanges): Promise<RunnerProfileEntity> {
    await manager.update(RunnerProfileEntity, { id }, changes);
    return manager.findOneByOrFail(RunnerProfileEntity, { id });
  }

  /**
   * A platform read that found nothing new (304): the sync time and ETag in one statement, no
   * transaction. A page switched to hand-typed totals meanwhile is left alone.
   */
  async recordTotalsUnchanged(id: string, totalsEtag: string | null, totalsSyncedAt: Date): Promise<void> {
    await this.profiles.update({ id, totalsSource: Not('manual') }, { totalsEtag, totalsSyncedAt });
  }
}
