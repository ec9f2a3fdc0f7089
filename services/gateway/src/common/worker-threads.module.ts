import { Global, Module, type OnModuleDestroy } from '@nestjs/common';
import { env } from '../config/env.js';
import { WorkerThreads } from './thread-pool.js';

/** The gateway's one set of worker threads, for drawing and for reading activity files alike. */
class GatewayWorkerThreads extends WorkerThreads implements OnModuleDestroy {
  constructor() {
    super({
      threads: env.WORKER_THREADS,
      maxOldGenerationSizeMb: env.WORKER_THREAD_HEAP_MB,
      idleTimeoutMs: env.WORKER_THREAD_IDLE_MS,
    });
  }

  async onModuleDestroy(): Promise<void> {
    await this.destroy();
  }
}

@Global()
@Module({
  providers: [{ provide: WorkerThreads, useClass: GatewayWorkerThreads }],
  exports: [WorkerThreads],
})
export class WorkerThreadsModule {}
