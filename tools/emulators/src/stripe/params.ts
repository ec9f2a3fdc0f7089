import { invalidParam, missingParam, unknownParam } from './errors.js';
import type { FormObject, FormValue } from './form-body.js';

/** Typed, Stripe-worded reads of form parameters (everything arrives as strings). */
export class Params {
  constructor(
    readonly values: FormObject,
    private readonly prefix = '',
  ) {}

  private name(key: string): string {
    return this.prefix ? `${this.prefix}[${key}]` : key;
  }

  has(key: string): boolean {
    return this.values[key] !== undefined;
  }

  /** Rejects any key not in `known`, as Stripe does. */
  allowOnly(known: readonly string[]): this {
    for (const key of Object.keys(this.values)) {
      if (!known.includes(key)) throw unknownParam(this.name(key));
    }
    return this;
  }

  string(key: string): string | undefined {
    const value = this.values[key];
    if (value === undefined) return undefined;
    if (typeof value !== 'string') throw invalidParam(this.name(key), `Invalid string: ${describe(value)}`);
    return value;
  }

  requiredString(key: string): string {
    const value = this.string(key);
    if (value === undefined || value === '') throw missingParam(this.name(key));
    return value;
  }

  /** An enum value; `allowed` lists the values Stripe accepts. */
  oneOf<const T extends string>(key: string, allowed: readonly T[]): T | undefined {
    const value = this.string(key);
    if (value === undefined) return undefined;
    if (!(allowed as readonly string[]).includes(value)) {
      throw invalidParam(this.name(key), `Invalid ${this.name(key)}: must be one of ${allowed.join(', ')}`);
    }
    return value as T;
  }

  integer(key: string, range: { min?: number; max?: number } = {}): number | undefined {
    const value = this.string(key);
    if (value === undefined || value === '') return undefined;
    if (!/^-?\d+$/.test(value)) throw invalidParam(this.name(key), `Invalid integer: ${value}`);
    const n = Number(value);
    if (range.min !== undefined && n < range.min) {
      throw invalidParam(this.name(key), `This value must be greater than or equal to ${range.min}.`);
    }
    if (range.max !== undefined && n > range.max) {
      throw invalidParam(this.name(key), `This value must be less than or equal to ${range.max}.`);
    }
    return n;
  }

  decimal(key: string): number | undefined {
    const value = this.string(key);
    if (value === undefined || value === '') return undefined;
    if (!/^\d+(\.\d+)?$/.test(value)) throw invalidParam(this.name(key), `Invalid decimal: ${value}`);
    return Number(value);
  }

  boolean(key: string): boolean | undefined {
    const value = this.string(key);
    if (value === undefined || value === '') return undefined;
    if (value === 'true') return true;
    if (value === 'false') return false;
    throw invalidParam(this.name(key), `Invalid boolean: ${value}`);
  }

  object(key: string): Params | undefined {
    const value = this.values[key];
    if (value === undefined || value === '') return undefined;
    if (typeof value === 'string' || Array.isArray(value)) {
      throw invalidParam(this.name(key), `Invalid object`);
    }
    return new Params(value, this.name(key));
  }

  /** Each element as Params (for arrays of hashes such as `line_items`). */
  objectArray(key: string): Params[] | undefined {
    const value = this.values[key];
    if (value === undefined || value === '') return undefined;
    if (!Array.isArray(value)) throw invalidParam(this.name(key), `Invalid array`);
    return value.map((item, i) => {
      if (typeof item === 'string' || Array.isArray(item)) {
        throw invalidParam(`${this.name(key)}[${i}]`, `Invalid object`);
      }
      return new Params(item, `${this.name(key)}[${i}]`);
    });
  }

  stringArray(key: string): string[] | undefined {
    const value = this.values[key];
    if (value === undefined || value === '') return undefined;
    if (typeof value === 'string') return [value];
    if (!Array.isArray(value) || value.some((v) => typeof v !== 'string')) {
      throw invalidParam(this.name(key), `Invalid array`);
    }
    return value as string[];
  }

  /** `metadata[key]=value` pairs; an empty string value removes the key on updates. */
  metadata(key = 'metadata'): Record<string, string> | undefined {
    const value = this.values[key];
    if (value === undefined) return undefined;
    if (value === '') return {};
    if (typeof value === 'string' || Array.isArray(value)) throw invalidParam(this.name(key), 'Invalid hash');
    const out: Record<string, string> = {};
    for (const [k, v] of Object.entries(value)) {
      if (typeof v !== 'string') throw invalidParam(`${this.name(key)}[${k}]`, 'Invalid string');
      if (k.length > 40) throw invalidParam(`${this.name(key)}[${k}]`, 'Metadata keys can be at most 40 characters.');
      if (v.length > 500)
        throw invalidParam(`${this.name(key)}[${k}]`, 'Metadata values can be at most 500 characters.');
      out[k] = v;
    }
    return out;
  }

  expand(): string[] {
    return this.stringArray('expand') ?? [];
  }
}

function describe(value: FormValue): string {
  return Array.isArray(value) ? 'array' : 'hash';
}

export const PAGINATION_PARAMS = ['limit', 'starting_after', 'ending_before', 'expand'] as const;
