import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

/** When a runner's join request to a team last mailed its captain (one such mail a day). */
@Entity({ name: 'team_request_mails' })
@Index(['userId'])
export class TeamRequestMailEntity {
  @PrimaryColumn('uuid', { name: 'team_id' })
  teamId: string;

  @PrimaryColumn('uuid', { name: 'user_id' })
  userId: string;

  @Column('timestamptz', { name: 'mailed_at' })
  mailedAt: Date;
}
