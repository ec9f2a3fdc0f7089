import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

const bigNumber = { to: (v: number) => v, from: (v: string | number) => Number(v) };

/**
 * Community's copy of a runner's page, as far as groups show it: its card (name, address, race,
 * platform, charity, event) from
 * `profiles.profile.card-changed`, its totals from `profiles.totals.changed` (with their version).
 * Filled from events only; never read from profiles.
 */
@Entity({ name: 'pages' })
@Index(['userId'])
@Index('pages_charity_idx', ['charityId'], { where: 'charity_id IS NOT NULL' })
@Index('pages_event_idx', ['eventId'], { where: 'event_id IS NOT NULL' })
export class PageEntity {
  @PrimaryColumn('uuid', { name: 'profile_id' })
  profileId: string;

  /** Null until the page's card arrives (its totals, which do not name the owner, may come first). */
  @Column('uuid', { name: 'user_id', nullable: true })
  userId: string | null;

  @Column('text', { name: 'url_slug' })
  urlSlug: string;

  /** Null until the page's card arrives (its totals may come first). */
  @Column('text', { nullable: true })
  name: string | null;

  /** `occurredAt` of the card applied: an older card arriving late changes nothing. */
  @Column('timestamptz', { name: 'card_changed_at', nullable: true })
  cardChangedAt: Date | null;

  @Column('numeric', { name: 'funds_raised', precision: 12, scale: 2 })
  fundsRaised: string;

  @Column('numeric', { name: 'fundraising_goal', precision: 12, scale: 2 })
  fundraisingGoal: string;

  @Column('integer', { name: 'total_donors' })
  totalDonors: number;

  @Column('text')
  currency: string;

  @Column('bigint', { name: 'totals_version', transformer: bigNumber })
  totalsVersion: number;

  /** The race the page names (free text, as the runner typed it or as its event has it). */
  @Column('text', { name: 'marathon_name', nullable: true })
  marathonName: string | null;

  /** The race day, `YYYY-MM-DD`. */
  @Column('date', { name: 'race_date', nullable: true })
  raceDate: string | null;

  /** The donation platform the page raises on. */
  @Column('text', { nullable: true })
  platform: string | null;

  /** The listed charity the page names. */
  @Column('uuid', { name: 'charity_id', nullable: true })
  charityId: string | null;

  /** The event (race) the page runs. */
  @Column('uuid', { name: 'event_id', nullable: true })
  eventId: string | null;

  /** When the page was made (its pace is measured from then to race day). */
  @Column('timestamptz', { name: 'page_created_at', nullable: true })
  pageCreatedAt: Date | null;

  /** The page was deleted: kept as a tombstone so that a late event does not bring it back. */
  @Column('timestamptz', { name: 'deleted_at', nullable: true })
  deletedAt: Date | null;
}
