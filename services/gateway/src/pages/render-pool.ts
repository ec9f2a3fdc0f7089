import type { OnModuleDestroy } from '@nestjs/common';
import { DRAWING_BUSY } from '@runpledge/contracts';
import { ThreadPool, WorkerThreads } from '../common/thread-pool.js';
import render, { type RenderResult, type RenderTask } from './render.worker.js';

/** Draws share cards and posters; `RenderPool` in the gateway, in this thread for unit specs. */
export abstract class Renderer {
  abstract run(task: RenderTask): Promise<RenderResult>;
}

export interface RenderPoolOptions {
  /** The threads it draws on (the gateway's, shared with reading files), or a count of its own (specs). */
  threads: WorkerThreads | number;
  /** Drawings waiting for a thread; one more is turned away with 503. */
  queue: number;
  /** The compiled worker module; tests of the pool may point elsewhere. */
  workerFile?: URL;
}

/**
 * Drawing on the gateway's worker threads (a ThreadPool): the event loop never lays out or paints, a burst waits in a
 * short queue, and whatever is past the queue is answered 503 with Retry-After at once.
 */
export class RenderPool extends Renderer implements OnModuleDestroy {
  private readonly pool: ThreadPool<RenderTask, RenderResult>;
  /** Threads this pool started itself (a count was given), ended with it. */
  private readonly own?: WorkerThreads;

  constructor(options: RenderPoolOptions) {
    super();
    const threads =
      typeof options.threads === 'number'
        ? (this.own = new WorkerThreads({
            threads: options.threads,
            maxOldGenerationSizeMb: 128,
            idleTimeoutMs: 10_000,
          }))
        : options.threads;
    this.pool = new ThreadPool({
      name: RenderPool.name,
      workerFile: options.workerFile ?? new URL('./render.worker.js', import.meta.url),
      threads,
      queue: options.queue,
      busyMessage: DRAWING_BUSY,
    });
  }

  run(task: RenderTask): Promise<RenderResult> {
    return this.pool.run(task);
  }

  async onModuleDestroy(): Promise<void> {
    await this.own?.destroy();
  }
}

/** Draws in the calling thread: for unit specs, which run the TypeScript sources. */
export class InlineRenderer extends Renderer {
  run(task: RenderTask): Promise<RenderResult> {
    return render(task);
  }
}
