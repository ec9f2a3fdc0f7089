import { serviceDataSourceOptions } from '@runpledge/server-kit';
import { AccountEmailEntity } from '../accounts/account-email.entity.js';
import { SuppressedInboxEntity } from '../mail/suppressed-inbox.entity.js';
import { TeamMemberNoticeEntity } from '../teams/team-member-notice.entity.js';
import { TeamRequestMailEntity } from '../teams/team-request-mail.entity.js';
import { TeamEntity } from '../teams/team.entity.js';
import { CreateTeams1798098175658 } from './migrations/1798098175658-CreateTeams.js';
import { CharityLinkEntity } from '../charities/charity-link.entity.js';
import { CharityMessageEntity } from '../charities/charity-message.entity.js';
import { CharityStaffEntity } from '../charities/charity-staff.entity.js';
import { CharityEntity } from '../charities/charity.entity.js';
import { env } from '../config/env.js';
import { EventEntity } from '../events/event.entity.js';
import { OwnerAccessEntity } from '../pages/owner-access.entity.js';
import { PageEntity } from '../pages/page.entity.js';
import { RunnerDistanceEntity } from '../pages/runner-distance.entity.js';
import { StandingCurrencySumEntity } from '../standings/standing-currency-sum.entity.js';
import { StandingMemberEntity } from '../standings/standing-member.entity.js';
import { StandingEntity } from '../standings/standing.entity.js';
import { CreateDeletedAccounts1798000000600 } from './migrations/1798000000600-CreateDeletedAccounts.js';
import { CreatePagesAndStandings1798000000610 } from './migrations/1798000000610-CreatePagesAndStandings.js';
import { CopyPagesFromProfiles1798000000620 } from './migrations/1798000000620-CopyPagesFromProfiles.js';
import { CreateCharities1798898392890 } from './migrations/1798898392890-CreateCharities.js';
import { AddCharityConsoleActivity1798898392900 } from './migrations/1798898392900-AddCharityConsoleActivity.js';
import { AddPageRaceCharityAndEvent1799000000200 } from './migrations/1799000000200-AddPageRaceCharityAndEvent.js';
import { CreateEvents1795898518271 } from './migrations/1795898518271-CreateEvents.js';
import { AddTeamCharity1799000000300 } from './migrations/1799000000300-AddTeamCharity.js';

export const dataSourceOptions = serviceDataSourceOptions({
  schema: 'community',
  url: env.DATABASE_URL,
  entities: [
    PageEntity,
    RunnerDistanceEntity,
    OwnerAccessEntity,
    StandingEntity,
    StandingMemberEntity,
    TeamEntity,
    TeamMemberNoticeEntity,
    TeamRequestMailEntity,
    AccountEmailEntity,
    SuppressedInboxEntity,
    StandingCurrencySumEntity,
    CharityEntity,
    CharityStaffEntity,
    CharityLinkEntity,
    CharityMessageEntity,
    EventEntity,
  ],
  migrations: [
    CreateDeletedAccounts1798000000600,
    CreatePagesAndStandings1798000000610,
    CopyPagesFromProfiles1798000000620,
    CreateTeams1798098175658,
    CreateCharities1798898392890,
    AddCharityConsoleActivity1798898392900,
    AddPageRaceCharityAndEvent1799000000200,
    CreateEvents1795898518271,
    AddTeamCharity1799000000300,
  ],
});
