import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { EntityManager, Repository } from 'typeorm';
import { ProcessedStripeEventEntity } from './processed-stripe-event.entity.js';

@Injectable()
export class ProcessedStripeEventsRepository {
  constructor(
    @InjectRepository(ProcessedStripeEventEntity) private readonly events: Repository<ProcessedStripeEventEntity>,
  ) {}

  async isProcessed(eventId: string): Promise<boolean> {
    return (await this.events.countBy({ eventId })) > 0;
  }

  /** Marks the event handled in the caller's transaction; false when it was handled already. */
  async claim(manager: EntityManager, eventId: string, type: string): Promise<boolean> {
    const rows: unknown[] = await manager.query(
      `INSERT INTO "billing"."processed_stripe_events" ("event_id", "type") VALUES ($1, $2)
       ON CONFLICT DO NOTHING RETURNING "event_id"`,
      [eventId, type],
    );
    return rows.length > 0;
  }
}
