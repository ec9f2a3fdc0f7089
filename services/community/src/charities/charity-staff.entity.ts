import { Column, Entity, Index, PrimaryColumn } from 'typeorm';
import type { CharityRole } from '@runpledge/contracts';

/** A person who works the charity's console: an admin (manages the charity and its staff) or staff. */
@Entity({ name: 'charity_staff' })
@Index(['userId'])
export class CharityStaffEntity {
  @PrimaryColumn('uuid', { name: 'charity_id' })
  charityId: string;

  @PrimaryColumn('uuid', { name: 'user_id' })
  userId: string;

  /** The address they were invited at (or signed in with, for the charity's creator). */
  @Column('text')
  email: string;

  @Column('text')
  role: CharityRole;

  @Column('timestamptz', { name: 'created_at' })
  createdAt: Date;
}
