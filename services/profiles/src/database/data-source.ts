import { serviceDataSourceOptions } from '@runpledge/server-kit';
import { AccountEntity } from '../accounts/account.entity.js';
import { ChallengeClaimEntity } from '../challenges/challenge-claim.entity.js';
import { env } from '../config/env.js';
import { EncouragementEntity } from '../encouragements/encouragement.entity.js';
import { DonationEntity } from '../fundraising-totals/donation.entity.js';
import { FundraisingMilestoneEntity } from '../fundraising-totals/fundraising-milestone.entity.js';
import { OwnerAccessEntity } from '../owner-access/owner-access.entity.js';
import { FundraisingChallengeEntity } from '../challenges/fundraising-challenge.entity.js';
import { RunnerProfileEntity } from '../runner-profiles/runner-profile.entity.js';
import { SlugRedirectEntity } from '../runner-profiles/slug-redirect.entity.js';
import { CreateRaceDay1795898439737 } from './migrations/1795898439737-CreateRaceDay.js';
import { CreateAccounts1763800000200 } from './migrations/1763800000200-CreateAccounts.js';
import { CreateRunnerProfiles1763800000210 } from './migrations/1763800000210-CreateRunnerProfiles.js';
import { AddFundraisingTotals1795552946745 } from './migrations/1795552946745-AddFundraisingTotals.js';
import { CreateChallengeClaims1795552964729 } from './migrations/1795552964729-CreateChallengeClaims.js';
import { CreateSlugRedirects1795564544182 } from './migrations/1795564544182-CreateSlugRedirects.js';
import { CreatePageDailyStats1795564769724 } from './migrations/1795564769724-CreatePageDailyStats.js';
import { AddDonorDriveDonateUrl1795570000000 } from './migrations/1795570000000-AddDonorDriveDonateUrl.js';
import { CreateDeletedAccounts1796000000200 } from './migrations/1796000000200-CreateDeletedAccounts.js';
import { TrimEncouragementsToNewest1795792732000 } from './migrations/1795792732000-TrimEncouragementsToNewest.js';
import { BoundSlugRedirects1795792733000 } from './migrations/1795792733000-BoundSlugRedirects.js';
import { AddClaimMailedAt1795792734000 } from './migrations/1795792734000-AddClaimMailedAt.js';
import { AddClaimReleaseToken1795792735000 } from './migrations/1795792735000-AddClaimReleaseToken.js';
import { CreateTeams1797000000100 } from './migrations/1797000000100-CreateTeams.js';
import { AddDistanceUnit1797100000000 } from './migrations/1797100000000-AddDistanceUnit.js';
import { CreatePledges1797100000100 } from './migrations/1797100000100-CreatePledges.js';
import { AddPledgeCurrency1797200000100 } from './migrations/1797200000100-AddPledgeCurrency.js';
import { CountRunnerMilesOncePerTeam1797200000200 } from './migrations/1797200000200-CountRunnerMilesOncePerTeam.js';
import { CreateMailSuppression1797200000300 } from './migrations/1797200000300-CreateMailSuppression.js';
import { CreateTeamRequestMails1797200000310 } from './migrations/1797200000310-CreateTeamRequestMails.js';
import { CreateRunLedger1797300000100 } from './migrations/1797300000100-CreateRunLedger.js';
import { CreatePageTeams1797498538086 } from './migrations/1797498538086-CreatePageTeams.js';
import { ExportTeamsToCommunity1799498538086 } from './migrations/1799498538086-ExportTeamsToCommunity.js';
import { PageTeamEntity } from '../page-teams/page-team.entity.js';
import { AddPageCharityAndEvent1799000000100 } from './migrations/1799000000100-AddPageCharityAndEvent.js';
import { AddPageCharityName1798898392950 } from './migrations/1798898392950-AddPageCharityName.js';
import { AddPageEventAddressAndRaceTimeZone1799000026100 } from './migrations/1799000026100-AddPageEventAddressAndRaceTimeZone.js';
import { PledgeEntity } from '../pledges/pledge.entity.js';

export const dataSourceOptions = serviceDataSourceOptions({
  schema: 'profiles',
  url: env.DATABASE_URL,
  entities: [
    AccountEntity,
    RunnerProfileEntity,
    FundraisingChallengeEntity,
    EncouragementEntity,
    OwnerAccessEntity,
    ChallengeClaimEntity,
    DonationEntity,
    FundraisingMilestoneEntity,
    SlugRedirectEntity,
    PledgeEntity,
    PageTeamEntity,
  ],
  migrations: [
    CreateAccounts1763800000200,
    CreateRunnerProfiles1763800000210,
    AddFundraisingTotals1795552946745,
    CreateChallengeClaims1795552964729,
    CreateSlugRedirects1795564544182,
    CreatePageDailyStats1795564769724,
    AddDonorDriveDonateUrl1795570000000,
    CreateDeletedAccounts1796000000200,
    TrimEncouragementsToNewest1795792732000,
    BoundSlugRedirects1795792733000,
    AddClaimMailedAt1795792734000,
    AddClaimReleaseToken1795792735000,
    CreateTeams1797000000100,
    AddDistanceUnit1797100000000,
    CreatePledges1797100000100,
    AddPledgeCurrency1797200000100,
    CountRunnerMilesOncePerTeam1797200000200,
    CreateMailSuppression1797200000300,
    CreateTeamRequestMails1797200000310,
    CreateRunLedger1797300000100,
    CreatePageTeams1797498538086,
    AddPageCharityAndEvent1799000000100,
    ExportTeamsToCommunity1799498538086,
    AddPageCharityName1798898392950,
    AddPageEventAddressAndRaceTimeZone1799000026100,
    CreateRaceDay1795898439737,
  ],
});
