import { Module } from '@nestjs/common';
import { OpenApiController } from '../openapi/openapi.controller.js';
import { HealthController } from './health.controller.js';
import { ReadinessService } from './readiness.service.js';

@Module({ controllers: [HealthController, OpenApiController], providers: [ReadinessService] })
export class HealthModule {}
