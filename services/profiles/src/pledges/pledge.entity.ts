import type { DistanceUnit, PledgeCounts, PledgeStatus } from '@runpledge/contracts';
import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';

/** A supporter's promise of an amount per mile (or km) of the runner's training or of the race. */
@Entity({ name: 'pledges' })
export class PledgeEntity {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column('uuid', { name: 'runner_profile_id' })
  runnerProfileId: string;

  @Column('text')
  name: string;

  /** Only ever used to mail the supporter; never shown to anyone, never exported. */
  @Column('text', { select: false })
  email: string;

  @Column('text', { nullable: true })
  message: string | null;

  @Column('numeric', { name: 'rate_per_unit', precision: 10, scale: 2 })
  ratePerUnit: string;

  @Column('numeric', { precision: 12, scale: 2, nullable: true })
  cap: string | null;

  @Column('text')
  counts: PledgeCounts;

  /** The page's unit when the pledge was made. */
  @Column('text')
  unit: DistanceUnit;

  /** The page's fundraising currency when the pledge was made (ISO 4217); never changes after. */
  @Column('text')
  currency: string;

  @Column('text')
  status: PledgeStatus;

  @Column('text', { name: 'confirm_token_hash', nullable: true, select: false })
  confirmTokenHash: string | null;

  /** SHA-256 of the token of each mail the supporter was sent (paid, cancel, unsubscribe links). */
  @Column('text', { name: 'token_hashes', array: true, select: false })
  tokenHashes: string[];

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @Column('timestamptz', { name: 'confirmed_at', nullable: true })
  confirmedAt: Date | null;

  /** The first day whose runs a training pledge counts (`YYYY-MM-DD`). */
  @Column('date', { name: 'confirmed_on', nullable: true })
  confirmedOn: string | null;

  @Column('timestamptz', { name: 'due_at', nullable: true })
  dueAt: Date | null;

  /** Fixed when the pledge falls due; null before. */
  @Column('numeric', { name: 'distance_counted', precision: 12, scale: 2, nullable: true })
  distanceCounted: string | null;

  @Column('numeric', { precision: 12, scale: 2, nullable: true })
  earned: string | null;

  @Column('timestamptz', { name: 'due_mailed_at', nullable: true })
  dueMailedAt: Date | null;

  @Column('integer', { name: 'reminders_sent' })
  remindersSent: number;

  @Column('timestamptz', { name: 'next_reminder_at', nullable: true })
  nextReminderAt: Date | null;

  @Column('timestamptz', { name: 'paid_at', nullable: true })
  paidAt: Date | null;

  @Column('timestamptz', { name: 'cancelled_at', nullable: true })
  cancelledAt: Date | null;

  @Column('timestamptz', { name: 'unsubscribed_at', nullable: true })
  unsubscribedAt: Date | null;
}
