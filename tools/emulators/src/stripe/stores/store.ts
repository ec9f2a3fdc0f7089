import { noSuchObject } from '../errors.js';
import type { Metadata } from '../objects/shared.js';

/** What every resource needs of the emulated account: its clock and the base of its browser URLs. */
export interface Account {
  now(): number;
  publicUrl(): string;
}

/** The objects of one Stripe resource by id; `retrieve` answers Stripe's 404 for an unknown id. */
export class Store<T> extends Map<string, T> {
  constructor(private readonly kind: string) {
    super();
  }

  retrieve(id: string): T {
    const found = this.get(id);
    if (!found) throw noSuchObject(this.kind, id);
    return found;
  }
}

/** Stripe metadata updates merge; an empty value deletes the key. */
export function mergeMetadata(current: Metadata, update: Metadata): Metadata {
  if (Object.keys(update).length === 0) return {};
  const merged = { ...current };
  for (const [key, value] of Object.entries(update)) {
    if (value === '') delete merged[key];
    else merged[key] = value;
  }
  return merged;
}
