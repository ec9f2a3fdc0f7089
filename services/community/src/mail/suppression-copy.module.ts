import { Module } from '@nestjs/common';
import { RepositoriesModule } from '../database/repositories.module.js';
import { SuppressionCopyService } from './suppression-copy.service.js';

/** Community's copy of the suppression list, kept from profiles' events. */
@Module({
  imports: [RepositoriesModule],
  providers: [SuppressionCopyService],
})
export class SuppressionCopyModule {}
