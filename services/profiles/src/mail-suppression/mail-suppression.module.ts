import { Module } from '@nestjs/common';
import { RepositoriesModule } from '../database/repositories.module.js';
import { MailSuppressionController } from './mail-suppression.controller.js';
import { MailSuppressionService } from './mail-suppression.service.js';

/** The suppression list's request ("no more mail"); workers send through OptOutMailer. */
@Module({
  imports: [RepositoriesModule],
  controllers: [MailSuppressionController],
  providers: [MailSuppressionService],
})
export class MailSuppressionModule {}
