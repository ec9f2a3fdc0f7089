import { Module } from '@nestjs/common';
import { Mailer } from '@runpledge/server-kit';
import { RepositoriesModule } from '../database/repositories.module.js';
import { OptOutMailer } from '../mail-suppression/opt-out-mailer.js';
import { CharityMessagesService } from './charity-messages.service.js';

/** Charities' messages to their runners, mailed from community's event (profiles knows the addresses). */
@Module({
  imports: [RepositoriesModule],
  providers: [Mailer, OptOutMailer, CharityMessagesService],
})
export class CharityMessagesModule {}
