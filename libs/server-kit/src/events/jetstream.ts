import {
  jetstream,
  jetstreamManager,
  RetentionPolicy,
  StorageType,
  type ConsumerMessages,
  type JetStreamManager,
} from '@nats-io/jetstream';
import { setTimeout as sleep } from 'node:timers/promises';
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

export interface StreamFollower {
  /** Resolves once every message the stream held when following began has been handed over. */
  caughtUp: Promise<void>;
  stop(): Promise<void>;
}

/**
 * Hands every message of stream `stream` (a stream of one subject: no filter, which servers before
 * 2.10 refuse on ordered consumers) to `onMessage`, from the oldest it keeps on,
 * with an ordered consumer (ephemeral, no acks; the client recreates it after a reconnect and resumes
 * after the last message it saw). While the stream is missing (its owner not started yet) it tries
 * again every `retryMs`.
 */
export function followStream(
  nc: NatsConnection,
  stream: string,
  onMessage: (data: Uint8Array) => void,
  options: { retryMs?: number; onError?: (err: unknown) => void } = {},
): StreamFollower {
  let stopped = false;
  let messages: ConsumerMessages | undefined;
  let markCaughtUp!: () => void;
  const caughtUp = new Promise<void>((resolve) => (markCaughtUp = resolve));
  const run = async () => {
    while (!stopped) {
      try {
        const info = await (await jetstreamManager(nc)).streams.info(stream);
        const lastSeq = info.state.messages === 0 ? 0 : info.state.last_seq;
        if (lastSeq === 0) markCaughtUp();
        const consumer = await jetstream(nc).consumers.get(stream);
        messages = await consumer.consume();
        if (stopped) messages.stop();
        for await (const msg of messages) {
          onMessage(msg.data);
          if (msg.seq >= lastSeq) markCaughtUp();
        }
      } catch (err) {
        if (!stopped) options.onError?.(err);
      }
      if (!stopped) await sleep(options.retryMs ?? 1000);
    }
  };
  const loop = run();
  return {
    caughtUp,
    async stop() {
      stopped = true;
      messages?.stop();
      await loop;
    },
  };
}
