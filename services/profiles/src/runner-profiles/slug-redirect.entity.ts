import { Column, CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';

/** A former address of a page: `/{oldSlug}` still finds it (and the web app redirects). */
@Entity({ name: 'slug_redirects' })
export class SlugRedirectEntity {
  @PrimaryColumn('text', { name: 'old_slug' })
  oldSlug: string;

  @Column('uuid', { name: 'runner_profile_id' })
  runnerProfileId: string;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}
