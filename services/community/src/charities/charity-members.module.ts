import { Module } from '@nestjs/common';
import { RepositoriesModule } from '../database/repositories.module.js';
import { StandingsModule } from '../standings/standings.module.js';
import { CharityMembersService } from './charity-members.service.js';

/** Which pages are in which charity's standing, as their cards say (used by the page projection). */
@Module({
  imports: [RepositoriesModule, StandingsModule],
  providers: [CharityMembersService],
  exports: [CharityMembersService],
})
export class CharityMembersModule {}
