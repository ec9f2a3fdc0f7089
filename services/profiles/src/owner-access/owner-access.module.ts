import { Module } from '@nestjs/common';
import { RepositoriesModule } from '../database/repositories.module.js';
import { ProfileCacheModule } from '../profile-cache/profile-cache.module.js';
import { OwnerAccessService } from './owner-access.service.js';

@Module({
  imports: [RepositoriesModule, ProfileCacheModule],
  providers: [OwnerAccessService],
  exports: [OwnerAccessService],
})
export class OwnerAccessModule {}
