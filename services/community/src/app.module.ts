import { Module } from '@nestjs/common';
import { ServiceCoreModule } from '@runpledge/server-kit';
import { CharitiesModule } from './charities/charities.module.js';
import { dataSourceOptions } from './database/data-source.js';
import { EventsModule } from './events/events.module.js';
import { PageProjectionModule } from './pages/page-projection.module.js';
import { AccountEmailsModule } from './accounts/account-emails.module.js';
import { SuppressionCopyModule } from './mail/suppression-copy.module.js';
import { TeamsModule } from './teams/teams.module.js';

/** Groups of runners' pages (teams, charities; events to come) and their standings. */
@Module({
  imports: [
    ServiceCoreModule.forService({ service: 'community', dataSource: dataSourceOptions }),
    PageProjectionModule,
    TeamsModule,
    AccountEmailsModule,
    SuppressionCopyModule,
    CharitiesModule,
    EventsModule,
  ],
})
export class AppModule {}
