import type { UploadedActivitySummary } from '@runpledge/contracts';
import { toSummary, type ParsedActivity } from './activity-summary.js';
import { isFit, parseFit } from './fit.js';
import { parseGpx } from './gpx.js';
import { parseTcx } from './tcx.js';
import { UnreadableFileError } from './unreadable-file.error.js';
import { readXml } from './xml-document.js';

/**
 * A GPX, TCX or FIT file's run as the summary fitness stores (the track itself is dropped here).
 * The kind is told from the content, not the name. Throws UnreadableFileError with the reason.
 */
export function parseActivityFile(bytes: Uint8Array, fileName: string, now = Date.now()): UploadedActivitySummary {
  if (bytes.length === 0) throw new UnreadableFileError('it is empty');
  return toSummary(parse(bytes), fileName, now);
}

function parse(bytes: Uint8Array): ParsedActivity {
  if (isFit(bytes)) return parseFit(bytes);
  const text = new TextDecoder('utf-8').decode(bytes);
  const start = text.replace(/^\uFEFF/, '').trimStart();
  if (!start.startsWith('<')) throw new UnreadableFileError('it is not a GPX, TCX or FIT file');
  const document = readXml(text);
  if (document.gpx !== undefined) return parseGpx(document.gpx);
  if (document.TrainingCenterDatabase !== undefined) return parseTcx(document.TrainingCenterDatabase);
  throw new UnreadableFileError('it is not a GPX, TCX or FIT file');
}
