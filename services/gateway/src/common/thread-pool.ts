import { Logger, ServiceUnavailableException } from '@nestjs/common';
import { workerPoolTasks } from '@runpledge/server-kit/metrics';
import { Piscina } from 'piscina';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { TransferListItem } from 'node:worker_threads';

export interface ThreadPoolOptions {
  /** For the log line when work is turned away. */
  name: string;
  /** The compiled worker module (its default export runs one task). */
  workerFile: URL;
  /** Worker threads; each may use up to `maxOldGenerationSizeMb` while it works. */
  threads: number;
  /** Tasks waiting for a thread; one more is turned away with 503. */
  queue: number;
  /** A runaway task ends its thread, not the process. */
  maxOldGenerationSizeMb: number;
  /** The 503's message when the queue is full. */
  busyMessage: string;
}

export interface ThreadRunOptions {
  /** Aborting ends the task (and its thread) at once. */
  signal?: AbortSignal;
  /** Moved to the thread, not copied (a MessagePort the task streams through). */
  transferList?: TransferListItem[];
}

/**
 * A bounded pool of worker threads for CPU-heavy work (drawing cards and posters, reading activity
 * files): the event loop never does that work, a burst waits in a short queue, and whatever is past
 * the queue is answered 503 at once.
 */
export class ThreadPool<Task, Result> {
  private readonly logger: Logger;
  private readonly pool: Piscina<Task, Result>;

  constructor(private readonly options: ThreadPoolOptions) {
    this.logger = new Logger(options.name);
    if (!existsSync(fileURLToPath(options.workerFile))) throw new Error(`no worker at ${options.workerFile.href}`);
    this.pool = new Piscina({
      filename: options.workerFile.href,
      minThreads: 0,
      maxThreads: options.threads,
      maxQueue: options.queue,
      // Loaded modules stay through a burst; an idle thread's memory goes back after a minute.
      idleTimeout: 60_000,
      resourceLimits: { maxOldGenerationSizeMb: options.maxOldGenerationSizeMb },
    });
  }

  async run(task: Task, options: ThreadRunOptions = {}): Promise<Result> {
    const tasks = workerPoolTasks.labels(this.options.name);
    tasks.inc();
    try {
      return await this.pool.run(task, { signal: options.signal, transferList: options.transferList });
    } catch (err) {
      if (err instanceof Error && QUEUE_FULL.has(err.message)) {
        this.logger.warn(`work turned away: ${this.pool.queueSize} waiting`);
        throw new ServiceUnavailableException(this.options.busyMessage);
      }
      throw err;
    } finally {
      tasks.dec();
    }
  }

  destroy(): Promise<void> {
    return this.pool.destroy();
  }
}

// Piscina's errors when its queue is full (or there is none and every thread is busy).
const QUEUE_FULL = new Set(['Task queue is at limit', 'No task queue available and all Workers are busy']);
