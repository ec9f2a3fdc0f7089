/** `expand[]`: ids replaced by their objects, as Stripe does. */
import { StripeApiError } from '../errors.js';

export type Resolver = (id: string) => unknown;

/**
 * Applies `expand[]` paths (`customer`, `subscription.latest_invoice`, `data.promotion.coupon` on lists)
 * to a deep copy: each named string id is replaced by its object. Unknown paths fail like Stripe's.
 */
export function expandObject<T>(value: T, paths: string[], resolve: Resolver): T {
  const copy = structuredClone(value) as unknown;
  for (const path of paths) {
    const segments = path.split('.');
    if (segments.length > 4) {
      throw new StripeApiError(400, `You cannot expand more than 4 levels of a property. Property: ${path}`, 'expand');
    }
    expandAt(copy, segments, path, resolve);
  }
  return copy as T;
}

function expandAt(node: unknown, segments: string[], fullPath: string, resolve: Resolver): void {
  if (node === null || typeof node !== 'object') return;
  const record = node as Record<string, unknown>;
  const [head, ...rest] = segments as [string, ...string[]];
  if (head === 'data' && record.object === 'list' && Array.isArray(record.data)) {
    if (rest.length === 0) throw cannotExpand(fullPath);
    for (const item of record.data) expandAt(item, rest, fullPath, resolve);
    return;
  }
  if (!(head in record)) throw cannotExpand(fullPath);
  let child = record[head];
  if (rest.length === 0) {
    if (child === null) return;
    if (typeof child === 'string') {
      const resolved = resolve(child);
      if (resolved === undefined) return;
      record[head] = structuredClone(resolved);
      return;
    }
    if (typeof child === 'object') return; // already expanded
    throw cannotExpand(fullPath);
  }
  if (typeof child === 'string') {
    const resolved = resolve(child);
    if (resolved === undefined) return;
    child = structuredClone(resolved);
    record[head] = child;
  }
  expandAt(child, rest, fullPath, resolve);
}

function cannotExpand(path: string): StripeApiError {
  return new StripeApiError(400, `This property cannot be expanded (${path}).`, 'expand');
}
