import { Module } from '@nestjs/common';
import { IdentityModule } from '../../identity/identity.module.js';
import { CharitiesController } from './charities.controller.js';

/** /api/charities: charities, owned by community. */
@Module({
  imports: [IdentityModule],
  controllers: [CharitiesController],
})
export class CharitiesModule {}
