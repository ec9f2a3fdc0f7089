import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';

/** A donation read from the page's platform, kept for the donor wall. */
@Entity({ name: 'donations' })
export class DonationEntity {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column('uuid', { name: 'runner_profile_id' })
  runnerProfileId: string;

  /** The platform's id: a donation read twice is stored once. */
  @Column('text', { name: 'external_id' })
  externalId: string;

  @Column('text', { name: 'donor_name', nullable: true })
  donorName: string | null;

  @Column('numeric', { precision: 12, scale: 2, nullable: true })
  amount: string | null;

  @Column('text')
  currency: string;

  @Column('text', { nullable: true })
  message: string | null;

  @Column('timestamptz', { name: 'donated_at' })
  donatedAt: Date;
}
