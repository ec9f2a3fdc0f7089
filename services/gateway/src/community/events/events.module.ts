import { Module } from '@nestjs/common';
import { IdentityModule } from '../../identity/identity.module.js';
import { EventsController } from './events.controller.js';

/** /api/events: the events directory and event pages, owned by community. */
@Module({
  imports: [IdentityModule],
  controllers: [EventsController],
})
export class EventsModule {}
