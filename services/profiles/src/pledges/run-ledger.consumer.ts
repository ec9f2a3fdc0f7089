import { Injectable, type OnModuleInit } from '@nestjs/common';
import { FITNESS_EVENTS } from '@runpledge/contracts';
import { DomainEvents, lockLiveAccount } from '@runpledge/server-kit';
import type { EntityManager } from 'typeorm';
import type { z } from 'zod';
import { RunLedgerRepository } from './run-ledger.repository.js';

export type RunsChanged = z.infer<typeof FITNESS_EVENTS.runsChanged.schema>;
/** Another reader of the same event (race day's finish), run in the same transaction after the ledger. */
export type RunsListener = (manager: EntityManager, change: RunsChanged) => Promise<void>;

/**
 * Keeps the run ledger from fitness's `fitness.runs.changed`: once per event (the consumer records
 * its id) and, per day, only when newer than what the day holds, so a redelivered or late event
 * changes nothing; every pledge figure is derived from the ledger on read.
 */
@Injectable()
export class RunLedgerConsumer implements OnModuleInit {
  private readonly listeners: RunsListener[] = [];

  constructor(
    private readonly events: DomainEvents,
    private readonly ledger: RunLedgerRepository,
  ) {}

  onModuleInit(): void {
    this.events.on(FITNESS_EVENTS.runsChanged, (payload, { manager }) => this.apply(manager, payload));
  }

  /** Also tells `listener` each change, once, in the transaction that records the event as processed. */
  alsoTell(listener: RunsListener): void {
    this.listeners.push(listener);
  }

  async apply(manager: EntityManager, change: RunsChanged): Promise<void> {
    // A deleted account keeps no ledger.
    if (!(await lockLiveAccount(manager, change.userId))) return;
    await this.ledger.applyDays(manager, change.userId, change.version, change.days);
    for (const listener of this.listeners) await listener(manager, change);
  }
}
