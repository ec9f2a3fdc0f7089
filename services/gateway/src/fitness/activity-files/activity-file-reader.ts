import {
  BadRequestException,
  Injectable,
  Logger,
  PayloadTooLargeException,
  ServiceUnavailableException,
} from '@nestjs/common';
import { ACTIVITY_FILE_MESSAGES, type UploadedActivitySummary } from '@runpledge/contracts';
import { once } from 'node:events';
import { MessageChannel, type MessagePort } from 'node:worker_threads';
import { ThreadPool, WorkerThreads } from '../../common/thread-pool.js';
import { env } from '../../config/env.js';
import type { FileMessage, ParseResult, ParseTask } from './parse.worker.js';

/** A file that takes longer than this to arrive and be read is given up (its thread ends): 400. */
const PARSE_DEADLINE_MS = 30_000;

export interface ReadOptions {
  /** The upload's declared length: the thread sizes its one buffer by it. */
  sizeHint?: number;
}

/**
 * Reads uploaded activity files on the gateway's worker threads (a ThreadPool): a 10 MB XML or FIT file takes a
 * thread for a second or so and never the event loop, so no one else's request waits for it. The
 * file is streamed to its thread chunk by chunk, and only once a thread has taken it: until then its
 * body stays unread in the connection, and past the pool's queue it is refused (503) unread.
 */
@Injectable()
export class ActivityFileReader {
  private readonly logger = new Logger(ActivityFileReader.name);
  private readonly pool: ThreadPool<ParseTask, ParseResult>;

  constructor(threads: WorkerThreads) {
    this.pool = new ThreadPool({
      name: ActivityFileReader.name,
      workerFile: new URL('./parse.worker.js', import.meta.url),
      // Shared with drawing; a 10 MB file's kept elements take ~80 MB of heap, and a pathological
      // file that passes the threads' heap limit ends its thread (400), never the gateway's pod.
      threads,
      queue: env.ACTIVITY_FILE_QUEUE_MAX,
      busyMessage: ACTIVITY_FILE_MESSAGES.busy,
    });
  }

  /**
   * The summary of the file whose chunks `file` yields; 400 `We could not read this file: {reason}`
   * when it has no run we can read. An error `file` throws (too large, the client gone) is thrown
   * as it is, once the thread has let the file go.
   */
  async read(
    file: AsyncIterable<Uint8Array>,
    fileName: string,
    options: ReadOptions = {},
  ): Promise<UploadedActivitySummary> {
    const { port1: port, port2 } = new MessageChannel();
    const task: ParseTask = { port: port2, fileName, sizeHint: options.sizeHint };
    let settled = false;
    let taken = false;
    const reading = this.pool
      .run(task, { signal: AbortSignal.timeout(PARSE_DEADLINE_MS), transferList: [port2] })
      .finally(() => (settled = true));
    let result: ParseResult;
    try {
      // Not a byte is read before a thread takes the file (a full queue is a 503 at once).
      await Promise.race([once(port, 'message'), reading]);
      taken = true;
      await this.stream(file, port, () => settled);
      result = await reading;
    } catch (err) {
      port.postMessage({ abort: true } satisfies FileMessage);
      void reading.catch(() => undefined);
      // Still waiting for a thread when the deadline came: the server was busy, not the file at fault.
      if (!taken && isTimeout(err)) throw new ServiceUnavailableException(ACTIVITY_FILE_MESSAGES.busy);
      const reason = unreadableReason(err);
      if (!reason) throw err;
      this.logger.warn(`activity file given up: ${reason}`);
      throw new BadRequestException(ACTIVITY_FILE_MESSAGES.unreadable(reason));
    } finally {
      port.close();
    }
    if (!result.ok) {
      // The thread stops taking chunks past the largest body an upload may have.
      if ('aborted' in result) throw new PayloadTooLargeException(ACTIVITY_FILE_MESSAGES.tooLarge);
      throw new BadRequestException(ACTIVITY_FILE_MESSAGES.unreadable(result.reason));
    }
    this.logger.debug?.(`activity file read in ${result.parseMs.toFixed(0)} ms`);
    return result.summary;
  }

  /** Each chunk copied once into a buffer of its own and moved (not copied again) to the thread. */
  private async stream(file: AsyncIterable<Uint8Array>, port: MessagePort, threadDone: () => boolean) {
    for await (const chunk of file) {
      if (threadDone()) return;
      const own = new Uint8Array(chunk);
      port.postMessage({ chunk: own } satisfies FileMessage, [own.buffer]);
    }
    port.postMessage({ end: true } satisfies FileMessage);
  }
}

/** A thread that ran out of memory or time on a file: the file's fault (400), not the server's. */
function unreadableReason(err: unknown): string | undefined {
  const code = (err as { code?: string } | null)?.code;
  if (code === 'ERR_WORKER_OUT_OF_MEMORY') return 'it is too complex to read';
  if (isTimeout(err)) return 'it took too long to read';
  return undefined;
}

function isTimeout(err: unknown): boolean {
  const name = (err as { name?: string } | null)?.name;
  return name === 'AbortError' || name === 'TimeoutError';
}
