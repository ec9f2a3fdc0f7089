import { Column, Entity, PrimaryColumn } from 'typeorm';

/** Profiles' own copy of the accounts identity announced (fed by `identity.user.*` events). */
@Entity({ name: 'accounts' })
export class AccountEntity {
  @PrimaryColumn('uuid', { name: 'user_id' })
  userId: string;

  @Column('text')
  email: string;

  @Column({ name: 'registered_at', type: 'timestamptz' })
  registeredAt: Date;

  @Column({ name: 'verified_at', type: 'timestamptz', nullable: true })
  verifiedAt: Date | null;
}
