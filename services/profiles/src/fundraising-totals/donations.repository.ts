import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { EntityManager, Repository } from 'typeorm';
import type { PlatformDonation } from './platform.types.js';
import { DonationEntity } from './donation.entity.js';

@Injectable()
export class DonationsRepository {
  constructor(@InjectRepository(DonationEntity) private readonly donations: Repository<DonationEntity>) {}

  /** Adds donations not seen before and refreshes those seen (a donor may edit a message). */
  async upsertMany(manager: EntityManager, runnerProfileId: string, donations: PlatformDonation[]): Promise<void> {
    if (donations.length === 0) return;
    await manager
      .createQueryBuilder()
      .insert()
      .into(DonationEntity)
      .values(
        donations.map((d) => ({
          runnerProfileId,
          externalId: d.externalId,
          donorName: d.name,
          amount: d.amount,
          currency: d.currency,
          message: d.message,
          donatedAt: d.donatedAt,
        })),
      )
      .orUpdate(['donor_name', 'amount', 'currency', 'message', 'donated_at'], ['runner_profile_id', 'external_id'])
      .execute();
  }

  /** Keeps only the newest `keep` donations of a page. */
  async trim(manager: EntityManager, runnerProfileId: string, keep: number): Promise<void> {
    await manager.query(
      `DELETE FROM "profiles"."donations" WHERE "runner_profile_id" = $1 AND "id" NOT IN (
         SELECT "id" FROM "profiles"."donations" WHERE "runner_profile_id" = $1
         ORDER BY "donated_at" DESC, "id" LIMIT $2)`,
      [runnerProfileId, keep],
    );
  }

  /** Newest first. */
  listPage(runnerProfileId: string, page: number, size: number): Promise<[DonationEntity[], number]> {
    return this.donations.findAndCount({
      where: { runnerProfileId },
      order: { donatedAt: 'DESC', id: 'ASC' },
      skip: (page - 1) * size,
      take: size,
    });
  }
}
