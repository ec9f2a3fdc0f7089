import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

/**
 * What the captain was told of one membership (a page is in one team at most): when it asked to
 * join, and when a digest named it (null: not yet).
 */
@Entity({ name: 'team_member_notices' })
@Index(['teamId', 'requestedAt'])
export class TeamMemberNoticeEntity {
  @PrimaryColumn('uuid', { name: 'profile_id' })
  profileId: string;

  @Column('uuid', { name: 'team_id' })
  teamId: string;

  @Column('uuid', { name: 'user_id' })
  userId: string;

  @Column('timestamptz', { name: 'requested_at', default: () => 'now()' })
  requestedAt: Date;

  @Column('timestamptz', { name: 'digest_mailed_at', nullable: true })
  digestMailedAt: Date | null;
}
