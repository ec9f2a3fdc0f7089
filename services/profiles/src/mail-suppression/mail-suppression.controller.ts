import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { MAIL, suppressInboxRequestSchema } from '@runpledge/contracts';
import { RpcHandler } from '@runpledge/server-kit';
import { MailSuppressionService } from './mail-suppression.service.js';

@Controller()
export class MailSuppressionController {
  constructor(private readonly suppression: MailSuppressionService) {}

  @RpcHandler(MAIL.suppress)
  suppress(@Payload() payload: unknown): Promise<{ success: true }> {
    return this.suppression.suppress(suppressInboxRequestSchema.parse(payload).token);
  }
}
