import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { EntityManager, Repository } from 'typeorm';
import { FitnessProfileEntity } from './fitness-profile.entity.js';

@Injectable()
export class FitnessProfilesRepository {
  constructor(@InjectRepository(FitnessProfileEntity) private readonly profiles: Repository<FitnessProfileEntity>) {}

  findByProfileId(profileId: string): Promise<FitnessProfileEntity | null> {
    return this.profiles.findOneBy({ profileId });
  }

  findBySlug(urlSlug: string): Promise<FitnessProfileEntity | null> {
    return this.profiles.findOneBy({ urlSlug });
  }

  async userHasPage(userId: string): Promise<boolean> {
    return (await this.profiles.countBy({ userId })) > 0;
  }

  /** The page as first announced; a copy already there is newer (its slug may have moved since). */
  async insertIfAbsent(
    manager: EntityManager,
    page: { profileId: string; userId: string; urlSlug: string },
  ): Promise<void> {
    await manager.createQueryBuilder().insert().into(FitnessProfileEntity).values(page).orIgnore().execute();
  }

  async upsert(manager: EntityManager, page: { profileId: string; userId: string; urlSlug: string }): Promise<void> {
    await manager.upsert(FitnessProfileEntity, page, ['profileId']);
  }

  async delete(manager: EntityManager, profileId: string): Promise<void> {
    await manager.delete(FitnessProfileEntity, { profileId });
  }
}
