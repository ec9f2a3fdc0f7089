import { MessagePattern } from '@nestjs/microservices';
import { rpcSubject } from './subject.js';

/** `@MessagePattern` on the run's subject for a contracts pattern. */
export function RpcHandler(pattern: string): MethodDecorator {
  return MessagePattern(rpcSubject(pattern));
}
