import { Column, Entity, PrimaryColumn } from 'typeorm';

const bigNumber = { to: (v: number) => v, from: (v: string | number) => Number(v) };

/**
 * One race on one day (`TCS London Marathon, 2027-04-25`), in its own time zone. A duplicate merged
 * into another keeps its row, pointing at the event that took its pages (`mergedInto`), so an old
 * address or id still leads somewhere.
 */
@Entity({ name: 'events' })
export class EventEntity {
  @PrimaryColumn('uuid')
  id: string;

  @Column('text', { unique: true })
  slug: string;

  @Column('text')
  name: string;

  /** The name's telling words (`eventNameKey`): one live event per key and date. */
  @Column('text', { name: 'name_key' })
  nameKey: string;

  /** The name's and the city's words, lowercased, for the directory's search. */
  @Column('text', { name: 'search_text' })
  searchText: string;

  @Column('text', { nullable: true })
  city: string | null;

  @Column('text', { nullable: true })
  country: string | null;

  /** YYYY-MM-DD, the race day where it is run. */
  @Column('date')
  date: string;

  /** IANA time zone of the race. */
  @Column('text', { name: 'time_zone' })
  timeZone: string;

  @Column('boolean')
  verified: boolean;

  @Column('uuid', { name: 'merged_into', nullable: true })
  mergedInto: string | null;

  /** Moves with every change profiles must follow (rename, verify, merge): pages apply only newer ones. */
  @Column('bigint', { transformer: bigNumber })
  version: number;

  @Column('timestamptz', { name: 'created_at' })
  createdAt: Date;

  @Column('timestamptz', { name: 'updated_at' })
  updatedAt: Date;
}
