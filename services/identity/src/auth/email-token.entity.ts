import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';

/**
 * `email_change` confirms a new address (mailed to it); `email_change_cancel` is the "this wasn't me"
 * link mailed to the current address when a change is asked.
 */
export type EmailTokenType = 'signup' | 'email_change' | 'email_change_cancel' | 'password_reset';

/** A single-use e-mail token (sign-up verification, e-mail change and its cancel link, password reset), stored hashed. */
@Entity({ name: 'email_tokens' })
export class EmailTokenEntity {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column('uuid', { name: 'user_id' })
  userId: string;

  @Column('text')
  type: string;

  @Column('text', { name: 'token_hash', unique: true })
  tokenHash: string;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @Column({ name: 'expires_at', type: 'timestamptz' })
  expiresAt: Date;

  @Column({ name: 'used_at', type: 'timestamptz', nullable: true })
  usedAt: Date | null;

  /** The address an `email_change` token confirms. */
  @Column('text', { name: 'new_email', nullable: true })
  newEmail: string | null;
}
