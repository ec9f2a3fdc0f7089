import { Logger, ServiceUnavailableException, type OnModuleDestroy } from '@nestjs/common';
import { DRAWING_BUSY } from '@runpledge/contracts';
import { Piscina } from 'piscina';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import render, { type RenderResult, type RenderTask } from './render.worker.js';

/** Draws share cards and posters; `RenderPool` in the gateway, in this thread for unit specs. */
export abstract class Renderer {
  abstract run(task: RenderTask): Promise<RenderResult>;
}

export interface RenderPoolOptions {
  /** Drawing threads (each up to ~200 MB resident while it draws a poster). */
  threads: number;
  /** Drawings waiting for a thread; one more is turned away with 503. */
  queue: number;
  /** The compiled worker module; tests of the pool may point elsewhere. */
  workerFile?: URL;
}

/**
 * A bounded pool of drawing threads: the event loop never lays out or paints, a burst waits in a
 * short queue, and whatever is past the queue is answered 503 with Retry-After at once.
 */
export class RenderPool extends Renderer implements OnModuleDestroy {
  private readonly logger = new Logger(RenderPool.name);
  private readonly pool: Piscina<RenderTask, RenderResult>;

  constructor(options: RenderPoolOptions) {
    super();
    const workerFile = options.workerFile ?? new URL('./render.worker.js', import.meta.url);
    if (!existsSync(fileURLToPath(workerFile))) throw new Error(`no drawing worker at ${workerFile.href}`);
    this.pool = new Piscina({
      filename: workerFile.href,
      minThreads: 0,
      maxThreads: options.threads,
      maxQueue: options.queue,
      // Fonts stay loaded through a burst; an idle thread's memory goes back after a minute.
      idleTimeout: 60_000,
      // A runaway drawing ends its thread, not the pod.
      resourceLimits: { maxOldGenerationSizeMb: 128 },
    });
  }

  async run(task: RenderTask): Promise<RenderResult> {
    try {
      return await this.pool.run(task);
    } catch (err) {
      if (err instanceof Error && QUEUE_FULL.has(err.message)) {
        this.logger.warn(`drawing turned away: ${this.pool.queueSize} waiting`);
        throw new ServiceUnavailableException(DRAWING_BUSY);
      }
      throw err;
    }
  }

  async onModuleDestroy(): Promise<void> {
    await this.pool.destroy();
  }
}

// Piscina's errors when its queue is full (or there is none and every thread is busy).
const QUEUE_FULL = new Set(['Task queue is at limit', 'No task queue available and all Workers are busy']);

/** Draws in the calling thread: for unit specs, which run the TypeScript sources. */
export class InlineRenderer extends Renderer {
  run(task: RenderTask): Promise<RenderResult> {
    return render(task);
  }
}
