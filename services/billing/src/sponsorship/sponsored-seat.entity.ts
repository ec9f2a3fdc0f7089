import { Column, Entity, PrimaryColumn } from 'typeorm';

/** A runner place a charity gave to a page naming it; the page's owner has access while it lasts. */
@Entity({ name: 'sponsored_seats' })
export class SponsoredSeatEntity {
  @PrimaryColumn('uuid', { name: 'charity_id' })
  charityId: string;

  @PrimaryColumn('uuid', { name: 'runner_profile_id' })
  runnerProfileId: string;

  @Column('uuid', { name: 'user_id' })
  userId: string;

  @Column({ name: 'assigned_at', type: 'timestamptz' })
  assignedAt: Date;

  /** The end the runner was mailed about a week ahead (again if the end moves). */
  @Column({ name: 'ending_notice_for', type: 'timestamptz', nullable: true })
  endingNoticeFor: Date | null;
}
