import type { UploadedActivitySummary } from '@runpledge/contracts';
import { parseActivityFile } from './parse-activity-file.js';
import { UnreadableFileError } from './unreadable-file.error.js';

// What the file-reading threads run: XML and FIT decoding of up to 10 MB, off the gateway's event loop.

export interface ParseTask {
  bytes: Uint8Array;
  fileName: string;
}

export type ParseResult =
  { ok: true; summary: UploadedActivitySummary; parseMs: number } | { ok: false; reason: string; parseMs: number };

export default function parse({ bytes, fileName }: ParseTask): ParseResult {
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
