import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { Repository } from 'typeorm';
import { FitnessProfileEntity } from './fitness-profile.entity.js';

@Injectable()
export class FitnessProfilesRepository {
  constructor(@InjectRepository(FitnessProfileEntity) private readonly profiles: Repository<FitnessProfileEntity>) {}

  findByProfileId(profileId: string): Promise<FitnessProfileEntity | null> {
    return this.profiles.findOneBy({ profileId });
  }
}
