import { normalizeInbox } from '@runpledge/contracts';
import { createHash } from 'node:crypto';

/**
 * The key of an inbox where a plain address is not needed (per-address limits, the suppression
 * list): the SHA-256, in hex, of the address as normalizeInbox writes it.
 */
export function inboxHash(address: string): string {
  return createHash('sha256')
    .update(`inbox:${normalizeInbox(address)}`)
    .digest('hex');
}
