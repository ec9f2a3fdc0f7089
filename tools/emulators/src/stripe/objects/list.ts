/** List envelopes and Stripe's cursor pagination. */
import { StripeApiError } from '../errors.js';

export interface ListObject<T> {
  object: 'list';
  data: T[];
  has_more: boolean;
  url: string;
}

/** Stripe's cursor pagination over newest-first data: `limit` (1–100, default 10), `starting_after`, `ending_before`. */
export function paginate<T extends { id: string }>(
  newestFirst: T[],
  url: string,
  options: { limit?: number; startingAfter?: string; endingBefore?: string },
): ListObject<T> {
  const limit = options.limit ?? 10;
  if (options.startingAfter) {
    const index = newestFirst.findIndex((item) => item.id === options.startingAfter);
    if (index === -1)
      throw new StripeApiError(400, `No such object: '${options.startingAfter}'`, 'starting_after', 'resource_missing');
    const rest = newestFirst.slice(index + 1);
    return { object: 'list', data: rest.slice(0, limit), has_more: rest.length > limit, url };
  }
  if (options.endingBefore) {
    const index = newestFirst.findIndex((item) => item.id === options.endingBefore);
    if (index === -1)
      throw new StripeApiError(400, `No such object: '${options.endingBefore}'`, 'ending_before', 'resource_missing');
    const before = newestFirst.slice(0, index);
    return {
      object: 'list',
      data: before.slice(Math.max(0, before.length - limit)),
      has_more: before.length > limit,
      url,
    };
  }
  return { object: 'list', data: newestFirst.slice(0, limit), has_more: newestFirst.length > limit, url };
}
