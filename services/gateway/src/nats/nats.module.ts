import { Global, Module } from '@nestjs/common';
import { NatsRpcClient } from './nats-rpc.client.js';

@Global()
@Module({ providers: [NatsRpcClient], exports: [NatsRpcClient] })
export class NatsModule {}
