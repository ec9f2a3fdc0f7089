/** What every Stripe-shaped object shares: the API version they follow, metadata, billing intervals. */

/** The API version the objects follow (the one stripe-node 23.1.0 pins). */
export const EMULATED_API_VERSION = '2026-10-28.endive';

export type Metadata = Record<string, string>;
export type Interval = 'day' | 'week' | 'month' | 'year';
