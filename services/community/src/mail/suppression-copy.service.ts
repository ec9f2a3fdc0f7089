import { Injectable, type OnModuleInit } from '@nestjs/common';
import { PROFILES_EVENTS } from '@runpledge/contracts';
import { DomainEvents } from '@runpledge/server-kit';
import { SuppressedInboxesRepository } from './suppressed-inboxes.repository.js';

/** Keeps community's copy of the suppression list from `profiles.inbox.suppressed` (never read from profiles). */
@Injectable()
export class SuppressionCopyService implements OnModuleInit {
  constructor(
    private readonly suppressed: SuppressedInboxesRepository,
    private readonly events: DomainEvents,
  ) {}

  onModuleInit(): void {
    this.events.on(PROFILES_EVENTS.inboxSuppressed, ({ inboxHash }, { manager }) =>
      this.suppressed.add(manager, inboxHash),
    );
  }
}
