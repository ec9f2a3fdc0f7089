import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { hasAccess, type SubscriptionStatus } from '@runpledge/contracts';
import type { EntityManager, Repository } from 'typeorm';
import { CharitySponsorshipEntity } from './charity-sponsorship.entity.js';
import { SponsoredSeatEntity } from './sponsored-seat.entity.js';

/** The access a live place gives its runner: the charity's subscription status and period. */
export interface SponsorAccess {
  status: SubscriptionStatus;
  currentPeriodEnd: Date | null;
}

/** A seat whose runner is to be mailed that it ends: the seat, and the end it is mailed about. */
export interface EndingSeat {
  charityId: string;
  runnerProfileId: string;
  userId: string;
  endsAt: Date;
}

@Injectable()
export class SponsorshipRepository {
  constructor(
    @InjectRepository(CharitySponsorshipEntity) private readonly sponsorships: Repository<CharitySponsorshipEntity>,
  ) {}

  findByCharityId(charityId: string): Promise<CharitySponsorshipEntity | null> {
    return this.sponsorships.findOneBy({ charityId });
  }

  async charityIdOfSubscription(subscriptionId: string): Promise<string | null> {
    return (await this.sponsorships.findOneBy({ stripeSubscriptionId: subscriptionId }))?.charityId ?? null;
  }

  /** Stores the charity's Stripe customer unless one is stored already; answers the stored one. */
  async saveCustomerIdIfMissing(charityId: string, customerId: string): Promise<string> {
    const rows: Array<{ stripe_customer_id: string }> = await this.sponsorships.query(
      `INSERT INTO "billing"."charity_sponsorships" ("charity_id", "stripe_customer_id") VALUES ($1, $2)
       ON CONFLICT ("charity_id") DO UPDATE
         SET "stripe_customer_id" = COALESCE("charity_sponsorships"."stripe_customer_id", EXCLUDED."stripe_customer_id")
       RETURNING "stripe_customer_id"`,
      [charityId, customerId],
    );
    return rows[0]!.stripe_customer_id;
  }

  /** The charity's row, created empty if missing, locked until the transaction ends. */
  async lock(manager: EntityManager, charityId: string): Promise<CharitySponsorshipEntity> {
    await manager.query(
      `INSERT INTO "billing"."charity_sponsorships" ("charity_id") VALUES ($1) ON CONFLICT DO NOTHING`,
      [charityId],
    );
    return manager
      .getRepository(CharitySponsorshipEntity)
      .findOneOrFail({ where: { charityId }, lock: { mode: 'pessimistic_write' } });
  }

  async save(manager: EntityManager, sponsorship: CharitySponsorshipEntity): Promise<void> {
    await manager.getRepository(CharitySponsorshipEntity).save(sponsorship);
  }

  usedSeats(charityId: string): Promise<number> {
    return this.sponsorships.manager.countBy(SponsoredSeatEntity, { charityId });
  }

  countSeats(manager: EntityManager, charityId: string): Promise<number> {
    return manager.countBy(SponsoredSeatEntity, { charityId });
  }

  findSeat(manager: EntityManager, charityId: string, runnerProfileId: string): Promise<SponsoredSeatEntity | null> {
    return manager.findOneBy(SponsoredSeatEntity, { charityId, runnerProfileId });
  }

  async addSeat(manager: EntityManager, seat: Pick<SponsoredSeatEntity, 'charityId' | 'runnerProfileId' | 'userId'>) {
    await manager.query(
      `INSERT INTO "billing"."sponsored_seats" ("charity_id", "runner_profile_id", "user_id") VALUES ($1, $2, $3)`,
      [seat.charityId, seat.runnerProfileId, seat.userId],
    );
  }

  async removeSeat(manager: EntityManager, charityId: string, runnerProfileId: string): Promise<void> {
    await manager.delete(SponsoredSeatEntity, { charityId, runnerProfileId });
  }

  /** Every runner seated by the charity, newest place first. */
  seatsNewestFirst(manager: EntityManager, charityId: string): Promise<SponsoredSeatEntity[]> {
    return manager.find(SponsoredSeatEntity, {
      where: { charityId },
      order: { assignedAt: 'DESC', runnerProfileId: 'ASC' },
    });
  }

  /**
   * The live place that gives the runner access, if any: the one of a charity whose subscription
   * gives access, lasting longest.
   */
  async sponsorOf(manager: EntityManager, userId: string, now = new Date()): Promise<SponsorAccess | null> {
    const rows: Array<{ status: SubscriptionStatus; current_period_end: Date | null }> = await manager.query(
      `SELECT s."status", s."current_period_end"
         FROM "billing"."sponsored_seats" seat
         JOIN "billing"."charity_sponsorships" s ON s."charity_id" = seat."charity_id"
        WHERE seat."user_id" = $1`,
      [userId],
    );
    const live = rows
      .map((r) => ({ status: r.status, currentPeriodEnd: r.current_period_end }))
      .filter((r) => r.status !== 'lifetime' && hasAccess(r.status, r.currentPeriodEnd, now));
    // An active place outlasts one past due; then the later period end.
    live.sort(
      (a, b) =>
        Number(b.status !== 'past_due') - Number(a.status !== 'past_due') ||
        (b.currentPeriodEnd?.getTime() ?? 0) - (a.currentPeriodEnd?.getTime() ?? 0),
    );
    return live[0] ?? null;
  }

  /** Whether a live place gives the runner access now (outside any transaction). */
  async isSponsored(userId: string): Promise<boolean> {
    return (await this.sponsorOf(this.sponsorships.manager, userId)) !== null;
  }

  /** Seats whose known end is within `days` of `now` and whose runner was not mailed about that end. */
  async endingSeats(now: Date, days: number, limit: number): Promise<EndingSeat[]> {
    const rows: Array<{ charity_id: string; runner_profile_id: string; user_id: string; ends_at: Date }> =
      await this.sponsorships.query(
        `SELECT seat."charity_id", seat."runner_profile_id", seat."user_id", s."ends_at"
           FROM "billing"."sponsored_seats" seat
           JOIN "billing"."charity_sponsorships" s ON s."charity_id" = seat."charity_id"
          WHERE s."ends_at" IS NOT NULL AND s."ends_at" > $1 AND s."ends_at" <= $1 + make_interval(days => $2)
            AND seat."ending_notice_for" IS DISTINCT FROM s."ends_at"
          ORDER BY s."ends_at" LIMIT $3`,
        [now, days, limit],
      );
    return rows.map((r) => ({
      charityId: r.charity_id,
      runnerProfileId: r.runner_profile_id,
      userId: r.user_id,
      endsAt: r.ends_at,
    }));
  }

  /** Marks the runner mailed about this end, unless another pass did; false when it did. */
  async claimEndingNotice(manager: EntityManager, seat: EndingSeat): Promise<boolean> {
    // An UPDATE answers [rows, count] through TypeORM's pg driver.
    const [rows]: [unknown[], number] = await manager.query(
      `UPDATE "billing"."sponsored_seats" SET "ending_notice_for" = $3
        WHERE "charity_id" = $1 AND "runner_profile_id" = $2 AND "ending_notice_for" IS DISTINCT FROM $3
        RETURNING "runner_profile_id"`,
      [seat.charityId, seat.runnerProfileId, seat.endsAt],
    );
    return rows.length > 0;
  }
}
