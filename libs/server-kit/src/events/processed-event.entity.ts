import { Column, CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';

/** One row per consumed event id: the insert and the handler's writes commit together. */
@Entity({ name: 'processed_events' })
export class ProcessedEvent {
  @PrimaryColumn('uuid', { name: 'event_id' })
  eventId: string;

  @Column('text')
  type: string;

  @CreateDateColumn({ name: 'processed_at', type: 'timestamptz' })
  processedAt: Date;
}
