import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { IsNull, Not, type EntityManager, type Repository } from 'typeorm';
import { StravaConnectionEntity } from './strava-connection.entity.js';

export type NewStravaConnection = Pick<
  StravaConnectionEntity,
  'userId' | 'athleteId' | 'scope' | 'accessTokenSealed' | 'refreshTokenSealed' | 'tokenExpiresAt'
>;

@Injectable()
export class StravaConnectionsRepository {
  constructor(
    @InjectRepository(StravaConnectionEntity) private readonly connections: Repository<StravaConnectionEntity>,
  ) {}

  findByUserId(userId: string): Promise<StravaConnectionEntity | null> {
    return this.connections.findOneBy({ userId });
  }

  findByAthleteId(athleteId: string): Promise<StravaConnectionEntity | null> {
    return this.connections.findOneBy({ athleteId });
  }

  /** The row, locked until the transaction ends: token refreshes of one user happen one at a time. */
  lockByUserId(manager: EntityManager, userId: string): Promise<StravaConnectionEntity | null> {
    return manager
      .getRepository(StravaConnectionEntity)
      .findOne({ where: { userId }, lock: { mode: 'pessimistic_write' } });
  }

  /** New tokens for a user; a reconnect keeps the training setup and clears needsReconnect. */
  async saveTokens(connection: NewStravaConnection, manager: EntityManager = this.connections.manager): Promise<void> {
    await manager.upsert(StravaConnectionEntity, { ...connection, needsReconnect: false }, ['userId']);
  }

  async updateTokens(
    manager: EntityManager,
    userId: string,
    tokens: Pick<StravaConnectionEntity, 'accessTokenSealed' | 'refreshTokenSealed' | 'tokenExpiresAt'>,
  ): Promise<void> {
    await manager.update(StravaConnectionEntity, { userId }, tokens);
  }

  async completeSetup(
    userId: string,
    trainingStartDate: string,
    publicDisplayConsent: boolean,
    manager: EntityManager = this.connections.manager,
  ): Promise<boolean> {
    const result = await manager.update(
      StravaConnectionEntity,
      { userId },
      { trainingStartDate, publicDisplayConsent },
    );
    return (result.affected ?? 0) > 0;
  }

  async markNeedsReconnect(userId: string): Promise<void> {
    await this.connections.update({ userId }, { needsReconnect: true });
  }

  async markSynced(userId: string, at: Date, manager: EntityManager = this.connections.manager): Promise<void> {
    await manager.update(StravaConnectionEntity, { userId }, { lastSyncedAt: at });
  }

  async delete(manager: EntityManager, userId: string): Promise<void> {
    await manager.delete(StravaConnectionEntity, { userId });
  }

  /** Users whose link works and whose setup is done: the scheduled reconcile syncs each. */
  async findSyncableUserIds(): Promise<string[]> {
    const rows = await this.connections.find({
      select: { userId: true },
      where: { needsReconnect: false, trainingStartDate: Not(IsNull()) },
    });
    return rows.map((row) => row.userId);
  }
}
