import { SaxesParser } from 'saxes';
import { UnreadableFileError } from './unreadable-file.error.js';

/**
 * The elements the GPX and TCX readers use (by local name); everything else, extensions included,
 * is skipped as it streams by, so a 10 MB file's tree stays a few tens of MB.
 */
const KEPT = new Set([
  'gpx',
  'metadata',
  'name',
  'time',
  'trk',
  'type',
  'trkseg',
  'trkpt',
  'ele',
  'TrainingCenterDatabase',
  'Activities',
  'Activity',
  'Id',
  'Notes',
  'Lap',
  'TotalTimeSeconds',
  'DistanceMeters',
  'Track',
  'Trackpoint',
  'Time',
  'Position',
  'LatitudeDegrees',
  'LongitudeDegrees',
  'AltitudeMeters',
]);
/** Elements that may repeat in a GPX or TCX file: always read as arrays. */
const REPEATED = new Set(['trk', 'trkseg', 'trkpt', 'Activity', 'Lap', 'Track', 'Trackpoint']);
const DTD_REFUSED = 'it declares a DTD or entities, which activity files never do';

type XmlNode = Record<string, unknown>;
const localName = (name: string) => name.slice(name.indexOf(':') + 1);

/**
 * Reads an XML activity file into plain objects, text chunk by text chunk (the file is never one
 * string): an element is an object of its kept children (arrays for the repeated ones), its
 * attributes as `@_name` and its text as `#text`; an element with text only is that text. Streamed
 * with saxes, which expands no entity but XML's own five and fetches nothing; a DTD (and so any
 * entity declaration: the "billion laughs" bomb, an external entity) is refused outright: activity
 * files never declare one.
 */
export class XmlReader {
  private readonly parser = new SaxesParser({ position: true });
  private readonly root: XmlNode = {};
  // The open elements: the node being filled, or null inside a skipped subtree.
  private readonly stack: { name: string; node: XmlNode | null }[] = [{ name: '', node: this.root }];
  private error: Error | undefined;

  constructor() {
    const { parser, stack } = this;
    parser.on('error', (err) => {
      this.error ??= err;
    });
    parser.on('doctype', () => {
      throw new UnreadableFileError(DTD_REFUSED);
    });
    parser.on('opentag', (tag) => {
      const parent = stack[stack.length - 1]!.node;
      const name = localName(tag.name);
      if (!parent || !KEPT.has(name)) {
        stack.push({ name, node: null });
        return;
      }
      const node: XmlNode = {};
      for (const [key, value] of Object.entries(tag.attributes as Record<string, string>))
        node[`@_${localName(key)}`] = value;
      const existing = parent[name];
      if (REPEATED.has(name)) parent[name] = Array.isArray(existing) ? (existing.push(node), existing) : [node];
      else if (existing === undefined) parent[name] = node;
      stack.push({ name, node });
    });
    parser.on('text', (value) => {
      const node = stack[stack.length - 1]!.node;
      if (node && stack.length > 1) node['#text'] = `${(node['#text'] as string | undefined) ?? ''}${value}`;
    });
    parser.on('closetag', () => {
      const { name, node } = stack.pop()!;
      const parent = stack[stack.length - 1]?.node;
      // An element with text and nothing else is its text, as the readers expect.
      if (node && parent && !REPEATED.has(name) && parent[name] === node) {
        const keys = Object.keys(node);
        if (keys.length === 1 && keys[0] === '#text') parent[name] = (node['#text'] as string).trim();
        else if (keys.length === 0) parent[name] = '';
      }
    });
  }

  /** The next piece of the text; throws UnreadableFileError as soon as the XML is known to be bad. */
  write(text: string): this {
    // saxes reports a DTD only once it has read it whole: a declaration is refused on sight.
    if (text.includes('<!DOCTYPE') || text.includes('<!ENTITY')) throw new UnreadableFileError(DTD_REFUSED);
    this.run(() => this.parser.write(text));
    return this;
  }

  /** The document, once the text has all been written. */
  close(): Record<string, unknown> {
    this.run(() => this.parser.close());
    return this.root;
  }

  private run(step: () => void): void {
    try {
      step();
    } catch (err) {
      if (err instanceof UnreadableFileError) throw err;
      this.error ??= err as Error;
    }
    if (this.error) throw new UnreadableFileError(`it is not well-formed XML (${describe(this.error.message)})`);
  }
}

/** A whole XML text read at once (see XmlReader). */
export function readXml(text: string): Record<string, unknown> {
  return new XmlReader().write(text).close();
}

/** saxes says "1:23: unexpected end" (no file name given): "line 1: unexpected end". */
function describe(message: string): string {
  const match = /^(?:[^:]*:)?(\d+):\d+: (.*)$/s.exec(message);
  return match ? `line ${match[1]}: ${match[2]}` : message;
}

/** An element's text (an object when the element also has attributes). */
export function textOf(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return String(value);
  if (value && typeof value === 'object' && '#text' in value) return textOf((value as { '#text': unknown })['#text']);
  return undefined;
}

export function numberOf(value: unknown): number | undefined {
  const text = textOf(value);
  if (text === undefined || text.trim() === '') return undefined;
  const number = Number(text);
  return Number.isFinite(number) ? number : undefined;
}

export function timeOf(value: unknown): number | undefined {
  const text = textOf(value);
  if (text === undefined) return undefined;
  const time = Date.parse(text.trim());
  return Number.isNaN(time) ? undefined : time;
}

export function arrayOf<T = Record<string, unknown>>(value: unknown): T[] {
  if (value === undefined || value === null || value === '') return [];
  return (Array.isArray(value) ? value : [value]) as T[];
}

export function child(value: unknown, name: string): unknown {
  return value && typeof value === 'object' ? (value as Record<string, unknown>)[name] : undefined;
}
