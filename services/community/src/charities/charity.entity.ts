import { Column, Entity, PrimaryColumn } from 'typeorm';

/** A charity: its address, who it is, and when its website's domain proved it (null: unverified). */
@Entity({ name: 'charities' })
export class CharityEntity {
  @PrimaryColumn('uuid')
  id: string;

  @Column('text', { unique: true })
  slug: string;

  @Column('text')
  name: string;

  @Column('text')
  website: string;

  @Column('text', { name: 'registered_number', nullable: true })
  registeredNumber: string | null;

  @Column('text')
  country: string;

  @Column('text')
  mission: string;

  @Column('timestamptz', { name: 'verified_at', nullable: true })
  verifiedAt: Date | null;

  /** The address at the website's domain whose link verified the charity. */
  @Column('text', { name: 'verified_email', nullable: true })
  verifiedEmail: string | null;

  @Column('timestamptz', { name: 'created_at' })
  createdAt: Date;

  @Column('timestamptz', { name: 'updated_at' })
  updatedAt: Date;
}
