import { Column, Entity, PrimaryColumn } from 'typeorm';

/** An account's e-mail address, as identity's events last told it: where a captain's mails go. */
@Entity({ name: 'account_emails' })
export class AccountEmailEntity {
  @PrimaryColumn('uuid', { name: 'user_id' })
  userId: string;

  @Column('text')
  email: string;

  /** When identity made the change: an older event arriving late changes nothing. */
  @Column('timestamptz', { name: 'changed_at' })
  changedAt: Date;
}
