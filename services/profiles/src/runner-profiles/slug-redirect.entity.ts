import { Column, CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';

/**
 * A former address of a page: `/{oldSlug}` still finds it (and the web app redirects) until
 * `expiresAt`. With no page (it was deleted), the address is only held: no page may take it yet.
 */
@Entity({ name: 'slug_redirects' })
export class SlugRedirectEntity {
  @PrimaryColumn('text', { name: 'old_slug' })
  oldSlug: string;

  @Column('uuid', { name: 'runner_profile_id', nullable: true })
  runnerProfileId: string | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @Column('timestamptz', { name: 'expires_at' })
  expiresAt: Date;
}
