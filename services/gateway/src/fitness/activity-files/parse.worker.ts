import { ACTIVITY_FILE_LIMITS, type UploadedActivitySummary } from '@runpledge/contracts';
import type { MessagePort } from 'node:worker_threads';
import { ActivityFileParser, parseActivityFile } from './parse-activity-file.js';
import { UnreadableFileError } from './unreadable-file.error.js';

// What the file-reading threads run: an uploaded file streamed in through a MessagePort and read as
// it arrives (XML decoding, or FIT once whole), off the gateway's event loop.

export interface ParseTask {
  /** Chunks of the file arrive here once this thread says it is ready (`{ ready: true }`). */
  port: MessagePort;
  fileName: string;
  /** The upload's declared length: a FIT file fits in it, so one buffer of that size holds it. */
  sizeHint?: number;
}

/** From the gateway's event loop to the thread. */
export type FileMessage = { chunk: Uint8Array } | { end: true } | { abort: true };

export type ParseResult =
  | { ok: true; summary: UploadedActivitySummary; parseMs: number }
  | { ok: false; reason: string; parseMs: number }
  | { ok: false; aborted: true };

/** More than the largest upload body: the thread stops taking chunks. */
const CEILING = ACTIVITY_FILE_LIMITS.maxBytes + ACTIVITY_FILE_LIMITS.multipartOverheadBytes;

export default function parse({ port, fileName, sizeHint }: ParseTask): Promise<ParseResult> {
  const started = performance.now();
  const parser = new ActivityFileParser(fileName, sizeHint);
  return new Promise((resolve) => {
    const finish = (result: ParseResult) => {
      port.close();
      resolve(result);
    };
    port.on('message', (message: FileMessage) => {
      try {
        if ('chunk' in message) {
          if (parser.bytes + message.chunk.length > CEILING) return finish({ ok: false, aborted: true });
          parser.push(message.chunk);
        } else if ('end' in message) finish({ ok: true, summary: parser.end(), parseMs: performance.now() - started });
        else finish({ ok: false, aborted: true });
      } catch (err) {
        finish(failure(err, started));
      }
    });
    // The gateway's end gone (its side closed): nothing more will come.
    port.once('close', () => resolve({ ok: false, aborted: true }));
    port.postMessage({ ready: true });
  });
}

/** Reads a file already in memory (the bench's measure of the reading alone). */
export function parseBytes(bytes: Uint8Array, fileName: string): ParseResult {
  const started = performance.now();
  try {
    return { ok: true, summary: parseActivityFile(bytes, fileName), parseMs: performance.now() - started };
  } catch (err) {
    return failure(err, started);
  }
}

/** Whatever a parser trips on is still the file's fault, never a server error. */
function failure(err: unknown, started: number): ParseResult {
  const reason = err instanceof UnreadableFileError ? err.reason : 'its content is not that of a GPX, TCX or FIT file';
  return { ok: false, reason, parseMs: performance.now() - started };
}
