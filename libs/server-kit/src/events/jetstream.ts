import { jetstreamManager, RetentionPolicy, StorageType, type JetStreamManager } from '@nats-io/jetstream';
import type { NatsConnection } from '@nats-io/transport-node';
import { eventStreamName, eventSubject, subjectPrefix } from '../messaging/subject.js';

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
