import { jetstream, jetstreamManager, RetentionPolicy, StorageType, type JetStreamManager } from '@nats-io/jetstream';
import type { NatsConnection } from '@nats-io/transport-node';
import { eventStreamName, eventSubject, revocationStreamName, subjectPrefix } from '../messaging/subject.js';

const DAY_NS = 24 * 60 * 60 * 1_000_000_000;

/** Creates (or keeps) the stream that holds every domain event; idempotent, safe from any process. */
export async function ensureEventStream(nc: NatsConnection, prefix = subjectPrefix()): Promise<JetStreamManager> {
  const jsm = await jetstreamManager(nc);
  const name = eventStreamName(prefix);
  const config = {
    name,
    subjects: [eventSubject('>', prefix)],
    retention: RetentionPolicy.Limits,
    storage: StorageType.File,
    max_age: 7 * DAY_NS,
    // Publishers set the event id as Nats-Msg-Id: a relay that publishes twice stores once.
    duplicate_window: 2 * 60 * 1_000_000_000,
  };
  try {
    await jsm.streams.info(name);
  } catch {
    try {
      await jsm.streams.add(config);
    } catch (err) {
      // Another process may have created it between the two calls.
      await jsm.streams.info(name).catch(() => {
        throw err;
      });
    }
  }
  return jsm;
}

/**
 * Creates (or keeps, adjusting its age limit) the stream that keeps `subject`'s revocation broadcasts
 * for `maxAgeSeconds`: identity calls it at start, gateways only read it.
 */
export async function ensureRevocationStream(
  nc: NatsConnection,
  subject: string,
  maxAgeSeconds: number,
  prefix = subjectPrefix(),
): Promise<void> {
  const jsm = await jetstreamManager(nc);
  const name = revocationStreamName(prefix);
  const config = {
    name,
    subjects: [subject],
    retention: RetentionPolicy.Limits,
    storage: StorageType.File,
    max_age: maxAgeSeconds * 1_000_000_000,
  };
  const existing = await jsm.streams.info(name).catch(() => undefined);
  if (!existing) {
    try {
      await jsm.streams.add(config);
    } catch (err) {
      // Another identity replica may have created it between the two calls.
      await jsm.streams.info(name).catch(() => {
        throw err;
      });
    }
  } else if (existing.config.max_age !== config.max_age) {
    await jsm.streams.update(name, { ...existing.config, max_age: config.max_age });
  }
}

/**
 * Publishes on `subject` and waits for the stream capturing it to store the message: core subscribers
 * hear it at once as with a plain publish. Rejects when no stream stored it in `timeoutMs`.
 */
export async function publishStored(
  nc: NatsConnection,
  subject: string,
  data: string,
  timeoutMs = 2000,
): Promise<void> {
  await jetstream(nc).publish(subject, data, { timeout: timeoutMs });
}
