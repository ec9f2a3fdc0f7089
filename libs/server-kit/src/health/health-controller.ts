import { Controller, type Type } from '@nestjs/common';
import { healthPattern, type HealthPingReply, type ServiceName } from '@runpledge/contracts';
import { DataSource } from 'typeorm';
import { RpcHandler } from '../messaging/rpc-handler.decorator.js';
import { ServiceException } from '../messaging/service.exception.js';
import { ErrorCode } from '@runpledge/contracts';

/** The `<service>.health.ping` handler: answers only when the service can reach its database. */
export function healthControllerFor(service: ServiceName): Type<unknown> {
  @Controller()
  class HealthController {
    constructor(private readonly dataSource: DataSource) {}

    @RpcHandler(healthPattern(service))
    async ping(): Promise<HealthPingReply> {
      try {
        await this.dataSource.query('SELECT 1');
      } catch {
        throw new ServiceException(ErrorCode.ServiceUnavailable, `${service} cannot reach its database`);
      }
      return { service, status: 'ok', uptimeSeconds: Math.round(process.uptime()) };
    }
  }
  return HealthController;
}
