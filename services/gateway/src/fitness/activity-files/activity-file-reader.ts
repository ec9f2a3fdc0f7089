import { BadRequestException, Injectable, Logger, type OnModuleDestroy } from '@nestjs/common';
import { ACTIVITY_FILE_MESSAGES, type UploadedActivitySummary } from '@runpledge/contracts';
import { ThreadPool } from '../../common/thread-pool.js';
import { env } from '../../config/env.js';
import type { ParseResult, ParseTask } from './parse.worker.js';

/** A file that takes longer than this to read is given up (its thread ends): 400. */
const PARSE_DEADLINE_MS = 30_000;

/**
 * Reads uploaded activity files on worker threads (a ThreadPool): a 10 MB XML or FIT file takes a
 * thread for a second or so and never the event loop, so no one else's request waits for it.
 */
@Injectable()
export class ActivityFileReader implements OnModuleDestroy {
  private readonly logger = new Logger(ActivityFileReader.name);
  private readonly pool: ThreadPool<ParseTask, ParseResult>;

  constructor() {
    this.pool = new ThreadPool({
      name: ActivityFileReader.name,
      workerFile: new URL('./parse.worker.js', import.meta.url),
      threads: env.ACTIVITY_FILE_THREADS,
      queue: env.ACTIVITY_FILE_QUEUE_MAX,
      // A 10 MB file's kept elements take ~80 MB of heap; a pathological file ends its thread (400),
      // never the gateway's pod (384Mi).
      maxOldGenerationSizeMb: 192,
      busyMessage: ACTIVITY_FILE_MESSAGES.busy,
    });
  }

  /** The file's summary; 400 `We could not read this file: {reason}` when it has no run we can read. */
  async read(bytes: Buffer, fileName: string): Promise<UploadedActivitySummary> {
    // Copied to the thread once (the request's buffer may share memory that cannot be moved).
    const task: ParseTask = { bytes: new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength), fileName };
    let result: ParseResult;
    try {
      result = await this.pool.run(task, { signal: AbortSignal.timeout(PARSE_DEADLINE_MS) });
    } catch (err) {
      const reason = unreadableReason(err);
      if (!reason) throw err;
      this.logger.warn(`activity file given up: ${reason}`);
      throw new BadRequestException(ACTIVITY_FILE_MESSAGES.unreadable(reason));
    }
    if (!result.ok) throw new BadRequestException(ACTIVITY_FILE_MESSAGES.unreadable(result.reason));
    this.logger.debug?.(`activity file read in ${result.parseMs.toFixed(0)} ms`);
    return result.summary;
  }

  async onModuleDestroy(): Promise<void> {
    await this.pool.destroy();
  }
}

/** A thread that ran out of memory or time on a file: the file's fault (400), not the server's. */
function unreadableReason(err: unknown): string | undefined {
  const code = (err as { code?: string } | null)?.code;
  const name = (err as { name?: string } | null)?.name;
  if (code === 'ERR_WORKER_OUT_OF_MEMORY') return 'it is too complex to read';
  if (name === 'AbortError' || name === 'TimeoutError') return 'it took too long to read';
  return undefined;
}
