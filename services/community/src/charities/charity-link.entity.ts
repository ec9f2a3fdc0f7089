import { Column, Entity, PrimaryColumn } from 'typeorm';
import type { CharityRole } from '@runpledge/contracts';

/** A single-use link mailed for a charity: verification of its domain, or a staff invitation. Only the token's hash is kept. */
@Entity({ name: 'charity_links' })
export class CharityLinkEntity {
  @PrimaryColumn('text', { name: 'token_hash' })
  tokenHash: string;

  @Column('uuid', { name: 'charity_id' })
  charityId: string;

  @Column('text')
  kind: 'verification' | 'invitation';

  @Column('text')
  email: string;

  /** An invitation's role. */
  @Column('text', { nullable: true })
  role: CharityRole | null;

  /** A verification's website when mailed: a link for an address at an older website verifies nothing. */
  @Column('text', { nullable: true })
  website: string | null;

  @Column('timestamptz', { name: 'expires_at' })
  expiresAt: Date;

  @Column('timestamptz', { name: 'used_at', nullable: true })
  usedAt: Date | null;

  @Column('timestamptz', { name: 'created_at' })
  createdAt: Date;
}
