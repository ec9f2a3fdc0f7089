import { Module } from '@nestjs/common';
import { IdentityModule } from '../identity/identity.module.js';
import { TeamsController } from './teams.controller.js';

/** /api/teams: charity teams, owned by profiles. */
@Module({
  imports: [IdentityModule],
  controllers: [TeamsController],
})
export class TeamsModule {}
