import { Logger, ServiceUnavailableException } from '@nestjs/common';
import { workerPoolTasks } from '@runpledge/server-kit/metrics';
import { Piscina } from 'piscina';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { TransferListItem } from 'node:worker_threads';

export interface WorkerThreadsOptions {
  /** Threads at most; each may use up to its heap limit while it works. */
  threads: number;
  /** A runaway task ends its thread (ERR_WORKER_OUT_OF_MEMORY), not the process. */
  maxOldGenerationSizeMb: number;
  /** An idle thread ends after this long, and its memory goes back. */
  idleTimeoutMs: number;
}

/**
 * The process's worker threads, shared by every kind of CPU-heavy work (drawing cards and posters,
 * reading activity files): however the work mixes, no more threads (and no more of their memory)
 * than the pod was sized for, and none kept once idle.
 */
export class WorkerThreads {
  readonly piscina: Piscina;

  constructor(readonly options: WorkerThreadsOptions) {
    this.piscina = new Piscina({
      minThreads: 0,
      maxThreads: options.threads,
      // Each ThreadPool bounds its own waiting work.
      maxQueue: Infinity,
      idleTimeout: options.idleTimeoutMs,
      // A small young generation too: a thread's garbage is collected soon, not left to grow into the pod's limit.
      resourceLimits: { maxOldGenerationSizeMb: options.maxOldGenerationSizeMb, maxYoungGenerationSizeMb: 8 },
    });
  }

  destroy(): Promise<void> {
    return this.piscina.destroy();
  }
}

export interface ThreadPoolOptions {
  /** For the log line when work is turned away, and the tasks metric's label. */
  name: string;
  /** The compiled worker module (its default export runs one task). */
  workerFile: URL;
  /** The threads this work runs on (shared with other kinds of work). */
  threads: WorkerThreads;
  /** Tasks of this kind waiting for a thread; one more is turned away with 503. */
  queue: number;
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
 * One kind of CPU-heavy work on the shared worker threads: the event loop never does that work, a
 * burst waits in a short queue of its own, and whatever is past the queue is answered 503 at once.
 */
export class ThreadPool<Task, Result> {
  private readonly logger: Logger;
  private readonly filename: string;
  /** Tasks of this kind running or waiting. */
  private pending = 0;

  constructor(private readonly options: ThreadPoolOptions) {
    this.logger = new Logger(options.name);
    if (!existsSync(fileURLToPath(options.workerFile))) throw new Error(`no worker at ${options.workerFile.href}`);
    this.filename = options.workerFile.href;
  }

  async run(task: Task, options: ThreadRunOptions = {}): Promise<Result> {
    if (this.pending >= this.options.threads.options.threads + this.options.queue) {
      this.logger.warn(`work turned away: ${this.pending} running or waiting`);
      throw new ServiceUnavailableException(this.options.busyMessage);
    }
    const tasks = workerPoolTasks.labels(this.options.name);
    this.pending += 1;
    tasks.inc();
    try {
      return (await this.options.threads.piscina.run(task, {
        filename: this.filename,
        signal: options.signal,
        transferList: options.transferList,
      })) as Result;
    } finally {
      this.pending -= 1;
      tasks.dec();
    }
  }
}
