import { Column, Entity, PrimaryColumn } from 'typeorm';

/** A page first reached this percentage of its goal; the primary key makes it once per page. */
@Entity({ name: 'fundraising_milestones' })
export class FundraisingMilestoneEntity {
  @PrimaryColumn('uuid', { name: 'runner_profile_id' })
  runnerProfileId: string;

  @PrimaryColumn('smallint')
  milestone: number;

  @Column('timestamptz', { name: 'reached_at' })
  reachedAt: Date;

  /** Set when the owner's e-mail is taken for sending; null again only if sending failed. */
  @Column('timestamptz', { name: 'emailed_at', nullable: true })
  emailedAt: Date | null;
}
