/**
 * Stripe's request encoding: `application/x-www-form-urlencoded` (and the query string of GETs) with
 * bracketed keys, e.g. `line_items[0][price]=price_1`, `expand[]=customer`, `metadata[user_id]=42`.
 * Parsed into nested objects; objects whose keys are all array indices (or `[]`) become arrays.
 */
export type FormValue = string | FormValue[] | { [key: string]: FormValue };
export type FormObject = { [key: string]: FormValue };

const APPEND = '\u0000append';

/** Splits `a[b][0][]` into `['a', 'b', '0', APPEND]`; a malformed key is taken literally. */
export function parseKeyPath(key: string): string[] {
  const open = key.indexOf('[');
  if (open <= 0) return [key];
  const path = [key.slice(0, open)];
  let rest = key.slice(open);
  while (rest.length > 0) {
    const match = /^\[([^[\]]*)\]/.exec(rest);
    if (!match) return [key];
    path.push(match[1] === '' ? APPEND : match[1]!);
    rest = rest.slice(match[0].length);
  }
  return path;
}

function decode(component: string): string {
  try {
    return decodeURIComponent(component.replace(/\+/g, ' '));
  } catch {
    return component;
  }
}

/** Pairs of a form or query string, decoded, in order. */
export function formPairs(encoded: string): Array<[string, string]> {
  const pairs: Array<[string, string]> = [];
  for (const part of encoded.split('&')) {
    if (part === '') continue;
    const eq = part.indexOf('=');
    const key = decode(eq === -1 ? part : part.slice(0, eq));
    const value = eq === -1 ? '' : decode(part.slice(eq + 1));
    pairs.push([key, value]);
  }
  return pairs;
}

type Tree = { [key: string]: Tree | string } & { [APPEND]?: Array<Tree | string> };

export function parseFormBody(encoded: string): FormObject {
  const root: Tree = {};
  for (const [key, value] of formPairs(encoded)) {
    assign(root, parseKeyPath(key), value);
  }
  return normalize(root) as FormObject;
}

function assign(node: Tree, path: string[], value: string): void {
  const [head, ...rest] = path as [string, ...string[]];
  if (head === APPEND) {
    const list = (node[APPEND] ??= []);
    if (rest.length === 0) list.push(value);
    else {
      const child: Tree = {};
      list.push(child);
      assign(child, rest, value);
    }
    return;
  }
  if (rest.length === 0) {
    node[head] = value;
    return;
  }
  let child = node[head];
  if (child === undefined || typeof child === 'string') {
    child = {};
    node[head] = child;
  }
  assign(child, rest, value);
}

function normalize(node: Tree | string): FormValue {
  if (typeof node === 'string') return node;
  const appended = node[APPEND];
  const keys = Object.keys(node).filter((k) => k !== APPEND);
  if (appended && keys.length === 0) return appended.map(normalize);
  if (keys.length > 0 && keys.every((k) => /^\d+$/.test(k))) {
    const indexed = keys
      .map(Number)
      .sort((a, b) => a - b)
      .map((k) => normalize(node[String(k)]!));
    return appended ? [...indexed, ...appended.map(normalize)] : indexed;
  }
  const out: { [key: string]: FormValue } = {};
  for (const key of keys) out[key] = normalize(node[key]!);
  return out;
}
