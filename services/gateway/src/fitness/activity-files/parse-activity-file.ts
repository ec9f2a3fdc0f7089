import { ACTIVITY_FILE_LIMITS, type UploadedActivitySummary } from '@runpledge/contracts';
import { toSummary, type ParsedActivity } from './activity-summary.js';
import { isFit, parseFit } from './fit.js';
import { parseGpx } from './gpx.js';
import { parseTcx } from './tcx.js';
import { UnreadableFileError } from './unreadable-file.error.js';
import { XmlReader } from './xml-document.js';

/** Bytes enough to tell a FIT file (its header) from an XML one. */
const HEAD_BYTES = 16;
const NOT_AN_ACTIVITY_FILE = 'it is not a GPX, TCX or FIT file';

/**
 * A GPX, TCX or FIT file's run as the summary fitness stores (the track itself is dropped here).
 * The kind is told from the content, not the name. Throws UnreadableFileError with the reason.
 */
export function parseActivityFile(bytes: Uint8Array, fileName: string, now = Date.now()): UploadedActivitySummary {
  return new ActivityFileParser(fileName, bytes.length).push(bytes).end(now);
}

/**
 * Reads an activity file as its chunks arrive. XML is decoded and parsed chunk by chunk (neither its
 * bytes nor its text are ever whole in memory, only the elements the summary needs); a FIT file,
 * which Garmin's SDK decodes whole, is gathered into one buffer of the size announced. Throws
 * UnreadableFileError with the reason, as early as it is known.
 */
export class ActivityFileParser {
  private head: Uint8Array[] = [];
  private headLength = 0;
  private kind: 'fit' | 'xml' | undefined;
  private fit: { buffer: Uint8Array; length: number } | undefined;
  private readonly decoder = new TextDecoder('utf-8');
  private readonly xml = new XmlReader();
  private xmlStarted = false;
  private total = 0;

  constructor(
    private readonly fileName: string,
    private readonly sizeHint = 0,
  ) {}

  /** Bytes received so far. */
  get bytes(): number {
    return this.total;
  }

  push(chunk: Uint8Array): this {
    this.total += chunk.length;
    if (this.kind === undefined) {
      this.head.push(chunk);
      this.headLength += chunk.length;
      if (this.headLength < HEAD_BYTES) return this;
      this.decide();
      return this;
    }
    this.take(chunk);
    return this;
  }

  end(now = Date.now()): UploadedActivitySummary {
    if (this.kind === undefined) {
      if (this.headLength === 0) throw new UnreadableFileError('it is empty');
      this.decide();
    }
    if (this.kind === 'fit')
      return toSummary(parseFit(this.fit!.buffer.subarray(0, this.fit!.length)), this.fileName, now);
    this.writeText(this.decoder.decode());
    if (!this.xmlStarted) throw new UnreadableFileError(NOT_AN_ACTIVITY_FILE);
    return toSummary(parseXmlDocument(this.xml.close()), this.fileName, now);
  }

  private decide(): void {
    const head = new Uint8Array(this.headLength);
    let at = 0;
    for (const piece of this.head) {
      head.set(piece, at);
      at += piece.length;
    }
    this.head = [];
    this.kind = isFit(head) ? 'fit' : 'xml';
    if (this.kind === 'fit') {
      const size = Math.min(Math.max(this.sizeHint, head.length), ACTIVITY_FILE_LIMITS.maxBytes);
      this.fit = { buffer: new Uint8Array(size), length: 0 };
    }
    this.take(head);
  }

  private take(chunk: Uint8Array): void {
    if (this.kind === 'xml') {
      this.writeText(this.decoder.decode(chunk, { stream: true }));
      return;
    }
    const fit = this.fit!;
    if (fit.length + chunk.length > fit.buffer.length) {
      const grown = new Uint8Array(Math.max(fit.buffer.length * 2, fit.length + chunk.length));
      grown.set(fit.buffer.subarray(0, fit.length));
      fit.buffer = grown;
    }
    fit.buffer.set(chunk, fit.length);
    fit.length += chunk.length;
  }

  private writeText(text: string): void {
    if (!this.xmlStarted) {
      const start = text.replace(/^\uFEFF/, '').trimStart();
      if (start === '') return;
      if (!start.startsWith('<')) throw new UnreadableFileError(NOT_AN_ACTIVITY_FILE);
      this.xmlStarted = true;
      this.xml.write(start);
      return;
    }
    if (text) this.xml.write(text);
  }
}

function parseXmlDocument(document: Record<string, unknown>): ParsedActivity {
  if (document.gpx !== undefined) return parseGpx(document.gpx);
  if (document.TrainingCenterDatabase !== undefined) return parseTcx(document.TrainingCenterDatabase);
  throw new UnreadableFileError(NOT_AN_ACTIVITY_FILE);
}
