import { Column, Entity, PrimaryColumn } from 'typeorm';

/** A message a charity's staff sent one runner: kept for the limit of one a week per runner from one charity. */
@Entity({ name: 'charity_messages' })
export class CharityMessageEntity {
  @PrimaryColumn('uuid')
  id: string;

  @Column('uuid', { name: 'charity_id' })
  charityId: string;

  @Column('uuid', { name: 'profile_id' })
  profileId: string;

  @Column('uuid', { name: 'sender_user_id' })
  senderUserId: string;

  @Column('timestamptz', { name: 'sent_at' })
  sentAt: Date;
}
