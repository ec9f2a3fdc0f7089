import { Column, CreateDateColumn, Entity, Index, PrimaryColumn } from 'typeorm';

/** An event written in the same transaction as the change it describes, relayed to JetStream after commit. */
@Entity({ name: 'outbox' })
@Index('outbox_unpublished_idx', ['createdAt'], { where: 'published_at IS NULL' })
export class OutboxMessage {
  @PrimaryColumn('uuid')
  id: string;

  @Column('text')
  type: string;

  @Column('jsonb')
  payload: unknown;

  @Column({ name: 'occurred_at', type: 'timestamptz' })
  occurredAt: Date;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  /** The trace context and request id of the work that recorded the event (sent as NATS headers). */
  @Column({ name: 'trace_context', type: 'jsonb', nullable: true })
  traceContext: Record<string, string> | null;

  @Column({ name: 'published_at', type: 'timestamptz', nullable: true })
  publishedAt: Date | null;
}
