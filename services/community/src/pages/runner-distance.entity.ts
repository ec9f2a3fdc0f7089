import { Column, Entity, PrimaryColumn } from 'typeorm';

const bigNumber = { to: (v: number) => v, from: (v: string | number) => Number(v) };

/** A runner's public running distance as fitness last told it (`fitness.distance.changed`), with its version. */
@Entity({ name: 'runner_distances' })
export class RunnerDistanceEntity {
  @PrimaryColumn('uuid', { name: 'user_id' })
  userId: string;

  @Column('double precision', { name: 'total_meters', transformer: bigNumber })
  totalMeters: number;

  @Column('bigint', { transformer: bigNumber })
  version: number;

  /** When the distance last grew (a run), as far as community heard; null: no run yet. */
  @Column('timestamptz', { name: 'last_run_at', nullable: true })
  lastRunAt: Date | null;
}
