import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

/**
 * The team a page is in (or asked to join), as community last told it (`community.team.page-changed`):
 * the runner page names it, the owner's export lists it. No team: the columns are null, the row kept so
 * that an older event arriving late changes nothing.
 */
@Entity({ name: 'page_teams' })
@Index(['userId'])
export class PageTeamEntity {
  @PrimaryColumn('uuid', { name: 'profile_id' })
  profileId: string;

  @Column('uuid', { name: 'user_id' })
  userId: string;

  @Column('uuid', { name: 'team_id', nullable: true })
  teamId: string | null;

  @Column('text', { name: 'team_slug', nullable: true })
  teamSlug: string | null;

  @Column('text', { name: 'team_name', nullable: true })
  teamName: string | null;

  @Column('text', { nullable: true })
  status: 'member' | 'pending' | null;

  @Column('timestamptz', { name: 'joined_at', nullable: true })
  joinedAt: Date | null;

  @Column('boolean', { name: 'is_captain', default: false })
  isCaptain: boolean;

  /** `occurredAt` of the event applied. */
  @Column('timestamptz', { name: 'changed_at' })
  changedAt: Date;
}
