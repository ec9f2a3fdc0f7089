import { ACTIVITY_FILE_LIMITS, type UploadedActivitySummary } from '@runpledge/contracts';
import type { MessagePort } from 'node:worker_threads';
import { parseActivityFile } from './parse-activity-file.js';
import { UnreadableFileError } from './unreadable-file.error.js';

// What the file-reading threads run: an uploaded file streamed in through a MessagePort, then its
// XML or FIT decoding (up to 10 MB), off the gateway's event loop.

export interface ParseTask {
  /** Chunks of the file arrive here once this thread says it is ready (`{ ready: true }`). */
  port: MessagePort;
  fileName: string;
  /** The upload's declared length: the file fits in it, so one buffer of that size holds it. */
  sizeHint?: number;
}

/** From the gateway's event loop to the thread. */
export type FileMessage = { chunk: Uint8Array } | { end: true } | { abort: true };

export type ParseResult =
  | { ok: true; summary: UploadedActivitySummary; parseMs: number }
  | { ok: false; reason: string; parseMs: number }
  | { ok: false; aborted: true };

export default async function parse({ port, fileName, sizeHint }: ParseTask): Promise<ParseResult> {
  const bytes = await receive(port, sizeHint);
  if (!bytes) return { ok: false, aborted: true };
  return parseBytes(bytes, fileName);
}

/** Reads a file already in memory (the bench's measure of the reading alone). */
export function parseBytes(bytes: Uint8Array, fileName: string): ParseResult {
  const started = performance.now();
  try {
    return { ok: true, summary: parseActivityFile(bytes, fileName), parseMs: performance.now() - started };
  } catch (err) {
    // Whatever else a parser trips on is still the file's fault, never a server error.
    const reason =
      err instanceof UnreadableFileError ? err.reason : 'its content is not that of a GPX, TCX or FIT file';
    return { ok: false, reason, parseMs: performance.now() - started };
  }
}

/** The file's bytes gathered once, in this thread; undefined when the upload was given up. */
function receive(port: MessagePort, sizeHint = 0): Promise<Uint8Array | undefined> {
  const ceiling = ACTIVITY_FILE_LIMITS.maxBytes + ACTIVITY_FILE_LIMITS.multipartOverheadBytes;
  let buffer = new Uint8Array(Math.min(Math.max(sizeHint, 64 * 1024), ceiling));
  let length = 0;
  return new Promise((resolve) => {
    const done = (bytes: Uint8Array | undefined) => {
      port.close();
      resolve(bytes);
    };
    port.on('message', (message: FileMessage) => {
      if ('chunk' in message) {
        const { chunk } = message;
        if (length + chunk.length > ceiling) return done(undefined);
        if (length + chunk.length > buffer.length) {
          const grown = new Uint8Array(Math.min(ceiling, Math.max(buffer.length * 2, length + chunk.length)));
          grown.set(buffer.subarray(0, length));
          buffer = grown;
        }
        buffer.set(chunk, length);
        length += chunk.length;
      } else if ('end' in message) done(buffer.subarray(0, length));
      else done(undefined);
    });
    // The gateway's end gone (its side closed): nothing more will come.
    port.once('close', () => resolve(undefined));
    port.postMessage({ ready: true });
  });
}
