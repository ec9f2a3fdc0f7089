import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import type { NatsConnection } from '@nats-io/transport-node';
import { PROFILE_CACHE_INVALIDATION, type ProfileCacheInvalidation } from '@runpledge/contracts';
import { LOGGER, NATS_CONNECTION, subjectPrefix } from '@runpledge/server-kit';
import type { Logger } from 'pino';
import {
  DataSource,
  type EntityManager,
  type EntitySubscriberInterface,
  type QueryRunner,
  type TransactionCommitEvent,
  type TransactionRollbackEvent,
} from 'typeorm';

/**
 * Tells every gateway replica to drop its cached view of a page, once the change is committed:
 * announcing it earlier would let a gateway re-read and cache the old row.
 */
@Injectable()
export class ProfileCacheNotifier implements EntitySubscriberInterface, OnModuleInit {
  private readonly pending = new WeakMap<QueryRunner, ProfileCacheInvalidation[]>();
  private readonly subject = `${subjectPrefix()}${PROFILE_CACHE_INVALIDATION.subject}`;

  constructor(
    private readonly dataSource: DataSource,
    @Inject(NATS_CONNECTION) private readonly nc: NatsConnection,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  onModuleInit(): void {
    // On the data source itself, so it hears every transaction end, the event consumer's included.
    this.dataSource.subscribers.push(this);
  }

  /** Announces these pages as changed when `manager`'s transaction commits; never if it rolls back. */
  afterCommit(manager: EntityManager, pages: ProfileCacheInvalidation[]): void {
    const runner = manager.queryRunner;
    if (!runner?.isTransactionActive) throw new Error('afterCommit needs the manager of an open transaction');
    this.pending.set(runner, [...(this.pending.get(runner) ?? []), ...pages]);
  }

  afterTransactionCommit({ queryRunner }: TransactionCommitEvent): void {
    if (queryRunner.isTransactionActive) return; // a savepoint was released, not the transaction
    const pages = this.pending.get(queryRunner);
    this.pending.delete(queryRunner);
    for (const page of pages ?? []) {
      try {
        this.nc.publish(this.subject, JSON.stringify(page));
      } catch (err) {
        // The write stands; gateways fall back on their cache's short TTL.
        this.logger.warn({ err, page }, 'could not announce a page change to the gateways');
      }
    }
  }

  afterTransactionRollback({ queryRunner }: TransactionRollbackEvent): void {
    if (!queryRunner.isTransactionActive) this.pending.delete(queryRunner);
  }
}
