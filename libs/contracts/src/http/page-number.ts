import { z } from 'zod';

/** `?page=` of a list answered 50 (or so) a page: a whole number from 1, 1 when absent; 400 otherwise. */
export const pageNumberSchema = z.coerce
  .number({ error: 'page must be a whole number' })
  .int('page must be a whole number')
  .min(1, 'page must be at least 1')
  .max(100_000)
  .default(1);

/** How many pages `count` items make, `size` a page: at least one, empty as it may be. */
export function totalPagesOf(count: number, size: number): number {
  return Math.max(1, Math.ceil(count / size));
}
