import type { DistanceUnit, DonationPlatform, RaceResult, TotalsSource } from '@runpledge/contracts';
import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';
import type { OwnerAccessEntity } from '../owner-access/owner-access.entity.js';

@Entity({ name: 'runner_profiles' })
export class RunnerProfileEntity {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column('uuid', { name: 'user_id' })
  userId: string;

  @Column('text', { name: 'url_slug', unique: true })
  urlSlug: string;

  @Column('text')
  name: string;

  @Column('text', { name: 'marathon_name' })
  marathonName: string;

  /** `YYYY-MM-DD`: a calendar day, no time zone. */
  @Column('date', { name: 'marathon_date' })
  marathonDate: string;

  @Column('smallint', { name: 'goal_hours' })
  goalHours: number;

  @Column('smallint', { name: 'goal_minutes' })
  goalMinutes: number;

  @Column('text', { name: 'charity_link', nullable: true })
  charityLink: string | null;

  @Column('text')
  description: string;

  /** The listed charity the page names (community's directory), or null. */
  @Column('uuid', { name: 'charity_id', nullable: true })
  charityId: string | null;

  /** The charity's name: typed by the runner, or the listed charity's when `charityId` is set. */
  @Column('text', { name: 'charity_name', nullable: true })
  charityName: string | null;

  /** The listed charity's address (`/charities/{slug}`) when it was chosen; null otherwise. */
  @Column('text', { name: 'charity_slug', nullable: true })
  charitySlug: string | null;

  /** The event (community's race) the page runs, or null when not yet known. */
  @Column('uuid', { name: 'event_id', nullable: true })
  eventId: string | null;

  /** The event's address (`/events/{slug}`), as community last told it; null without an event. */
  @Column('text', { name: 'event_slug', nullable: true })
  eventSlug: string | null;

  /** The IANA time zone the race is run in (its event's); null without an event: UTC. Read through `raceDayOf`. */
  @Column('text', { name: 'race_time_zone', nullable: true })
  raceTimeZone: string | null;

  @Column('boolean', { name: 'connect_strava' })
  connectStrava: boolean;

  @Column('text', { name: 'donation_platform' })
  donationPlatform: DonationPlatform;

  @Column('text', { name: 'donor_drive_event_url', nullable: true })
  donorDriveEventUrl: string | null;

  @Column('text', { name: 'donor_drive_participant_id', nullable: true })
  donorDriveParticipantId: string | null;

  /** DonorDrive's own donate address for the participant (links.donate), on the event URL's site; null: built. */
  @Column('text', { name: 'donor_drive_donate_url', nullable: true })
  donorDriveDonateUrl: string | null;

  @Column('text', { name: 'just_giving_page_short_name', nullable: true })
  justGivingPageShortName: string | null;

  @Column('text', { name: 'haku_donation_url', nullable: true })
  hakuDonationUrl: string | null;

  /** numeric(12,2), kept as PostgreSQL's decimal string (spec 3: "number as string"). */
  @Column('numeric', { name: 'funds_raised', precision: 12, scale: 2 })
  fundsRaised: string;

  @Column('numeric', { name: 'fundraising_goal', precision: 12, scale: 2 })
  fundraisingGoal: string;

  @Column('integer', { name: 'total_donors' })
  totalDonors: number;

  /** ISO 4217; JustGiving pages are often GBP. */
  @Column('text', { name: 'fundraising_currency', default: 'USD' })
  fundraisingCurrency: string;

  /** The unit the page counts distance and pledges in: `mi` or `km`. */
  @Column('text', { name: 'distance_unit', default: 'mi' })
  distanceUnit: DistanceUnit;

  @Column('text', { name: 'totals_source', default: 'manual' })
  totalsSource: TotalsSource;

  /** When the platform last answered (200 or 304); null for manual totals or before the first sync. */
  @Column('timestamptz', { name: 'totals_synced_at', nullable: true })
  totalsSyncedAt: Date | null;

  /** The platform's ETag of the last answer, sent back as If-None-Match. */
  @Column('text', { name: 'totals_etag', nullable: true })
  totalsEtag: string | null;

  /** The owner set the goal: the platform's goal no longer replaces it. */
  @Column('boolean', { name: 'goal_set_by_owner', default: false })
  goalSetByOwner: boolean;

  /** Grows by one with each change of raised, donors or currency: readers of totalsChanged order by it. */
  @Column('bigint', {
    name: 'totals_version',
    default: 0,
    transformer: { to: (v: number) => v, from: (v: string) => Number(v) },
  })
  totalsVersion: number;

  /** The runner's last day of raising (`YYYY-MM-DD`); null: 30 days after race day. */
  @Column('date', { name: 'raising_until', nullable: true })
  raisingUntil: string | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;

  /** Not a column: the owner's access row, joined in by the reads that compute `published`. */
  ownerAccess?: OwnerAccessEntity | null;

  /** Not a column: the team the page is a member of, joined in by the public page read. */
  team?: { slug: string; name: string } | null;

  /** Not a column: the race result, joined in by the public page read. */
  raceResult?: RaceResult;

  /** Not a column: confirmed followers, counted by the public page read. */
  followerCount?: number;
}
