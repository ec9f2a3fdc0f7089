import { Module } from '@nestjs/common';
import { FitnessProfileController } from './fitness/fitness-profile.controller.js';
import { HealthModule } from './health/health.module.js';
import { NatsModule } from './nats/nats.module.js';
import { ProfilesModule } from './profiles/profiles.module.js';

@Module({
  imports: [NatsModule, HealthModule, ProfilesModule],
  controllers: [FitnessProfileController],
})
export class AppModule {}
