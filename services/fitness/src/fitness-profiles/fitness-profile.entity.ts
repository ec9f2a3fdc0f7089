import { Column, Entity, PrimaryColumn, UpdateDateColumn } from 'typeorm';

/** A runner page as fitness knows it: its owner and slug, copied from profiles' events. */
@Entity({ name: 'fitness_profiles' })
export class FitnessProfileEntity {
  @PrimaryColumn('uuid', { name: 'profile_id' })
  profileId: string;

  @Column('uuid', { name: 'user_id' })
  userId: string;

  @Column('text', { name: 'url_slug' })
  urlSlug: string;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}
