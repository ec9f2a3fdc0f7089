import { serviceDataSourceOptions } from '@runpledge/server-kit';
import { env } from '../config/env.js';
import { OwnerAccessEntity } from '../pages/owner-access.entity.js';
import { PageEntity } from '../pages/page.entity.js';
import { RunnerDistanceEntity } from '../pages/runner-distance.entity.js';
import { StandingMemberEntity } from '../standings/standing-member.entity.js';
import { StandingEntity } from '../standings/standing.entity.js';
import { CreateDeletedAccounts1798000000600 } from './migrations/1798000000600-CreateDeletedAccounts.js';
import { CreatePagesAndStandings1798000000610 } from './migrations/1798000000610-CreatePagesAndStandings.js';
import { CopyPagesFromProfiles1798000000620 } from './migrations/1798000000620-CopyPagesFromProfiles.js';
import { AddPageRaceCharityAndEvent1799000000200 } from './migrations/1799000000200-AddPageRaceCharityAndEvent.js';

export const dataSourceOptions = serviceDataSourceOptions({
  schema: 'community',
  url: env.DATABASE_URL,
  entities: [PageEntity, RunnerDistanceEntity, OwnerAccessEntity, StandingEntity, StandingMemberEntity],
  migrations: [
    CreateDeletedAccounts1798000000600,
    CreatePagesAndStandings1798000000610,
    CopyPagesFromProfiles1798000000620,
    AddPageRaceCharityAndEvent1799000000200,
  ],
});
