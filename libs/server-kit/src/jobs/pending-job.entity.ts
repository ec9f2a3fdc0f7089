import { Column, CreateDateColumn, Entity, Index, PrimaryColumn } from 'typeorm';

/**
 * A BullMQ job written in the same transaction as the change that asks for it, added to its queue
 * after commit by the JobOutboxRelay and then deleted: a job asked for while Redis is away waits
 * here, not in the memory of a process that may die first.
 */
@Entity({ name: 'pending_jobs' })
@Index('pending_jobs_created_idx', ['createdAt'])
export class PendingJob {
  @PrimaryColumn('uuid')
  id: string;

  @Column('text')
  queue: string;

  @Column('text')
  name: string;

  @Column('jsonb')
  data: unknown;

  /** BullMQ job options (attempts, backoff, deduplication, delay, …). */
  @Column('jsonb')
  opts: Record<string, unknown>;

  /** The trace context and request id of the work that asked for the job (the relay continues them). */
  @Column({ name: 'trace_context', type: 'jsonb', nullable: true })
  traceContext: Record<string, string> | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}
