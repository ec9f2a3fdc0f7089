import { Module } from '@nestjs/common';
import { Mailer } from '@runpledge/server-kit';
import { RepositoriesModule } from '../database/repositories.module.js';
import { ClaimDigestProcessor } from './claim-digest.processor.js';
import { ClaimDigestService } from './claim-digest.service.js';

/** The worker side of the owners' claim digests. */
@Module({
  imports: [RepositoriesModule],
  providers: [Mailer, ClaimDigestService, ClaimDigestProcessor],
})
export class ClaimDigestWorkerModule {}
