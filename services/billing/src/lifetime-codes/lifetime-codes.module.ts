import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { SubscriptionsModule } from '../subscriptions/subscriptions.module.js';
import { LifetimeCodeEntity } from './lifetime-code.entity.js';
import { LifetimeCodesRepository } from './lifetime-codes.repository.js';
import { LifetimeCodesService } from './lifetime-codes.service.js';

@Module({
  imports: [TypeOrmModule.forFeature([LifetimeCodeEntity]), SubscriptionsModule],
  providers: [LifetimeCodesRepository, LifetimeCodesService],
  exports: [LifetimeCodesService],
})
export class LifetimeCodesModule {}
