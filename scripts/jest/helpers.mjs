// Small helpers shared by integration tests: a raw NATS requester speaking Nest's wire format.
import { connect } from '@nats-io/transport-node';
import { randomUUID } from 'node:crypto';

export async function natsRequester() {
  const nc = await connect({ servers: (process.env.NATS_URL ?? 'nats://127.0.0.1:4222').split(',') });
  const prefix = process.env.NATS_SUBJECT_PREFIX ?? '';
  return {
    nc,
    /** Resolves to `{response}` or `{err}` exactly as the service answered. */
    async request(pattern, data, timeout = 5000) {
      const subject = `${prefix}${pattern}`;
      const msg = await nc.request(subject, JSON.stringify({ pattern: subject, data, id: randomUUID() }), { timeout });
      return msg.json();
    },
    close: () => nc.close(),
  };
}

export { freePort } from '../lib/stack.mjs';

export async function eventually(check, { timeoutMs = 10_000, intervalMs = 100 } = {}) {
  const deadline = Date.now() + timeoutMs;
  let lastError;
  while (Date.now() < deadline) {
    try {
      return await check();
    } catch (err) {
      lastError = err;
    }
    await new Promise((r) => setTimeout(r, intervalMs));
  }
  throw lastError ?? new Error('condition not met in time');
}
