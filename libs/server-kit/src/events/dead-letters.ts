import { jetstream, jetstreamManager, RetentionPolicy, StorageType, type JsMsg } from '@nats-io/jetstream';
import { headers, type NatsConnection } from '@nats-io/transport-node';
import { eventStreamName, subjectPrefix } from '../messaging/subject.js';

const DAY_NS = 24 * 60 * 60 * 1_000_000_000;
const HEADER = {
  subject: 'Rp-Original-Subject',
  service: 'Rp-Service',
  deliveries: 'Rp-Deliveries',
  error: 'Rp-Error',
} as const;

/** The stream poison events are parked in, beside the domain-events stream. */
export function deadLetterStreamName(prefix = subjectPrefix()): string {
  return `${eventStreamName(prefix)}_DLQ`;
}

/** Where `service` parks an event of `type` it could not handle. */
export function deadLetterSubject(service: string, type: string, prefix = subjectPrefix()): string {
  return `${prefix}dlq.${service}.${type}`;
}

/** Creates (or keeps) the dead-letter stream; idempotent, safe from any process. */
export async function ensureDeadLetterStream(nc: NatsConnection, prefix = subjectPrefix()): Promise<void> {
  const jsm = await jetstreamManager(nc);
  const name = deadLetterStreamName(prefix);
  if (await jsm.streams.info(name).catch(() => undefined)) return;
  await jsm.streams
    .add({
      name,
      subjects: [`${prefix}dlq.>`],
      retention: RetentionPolicy.Limits,
      storage: StorageType.File,
      // Long enough for an operator to notice, fix and replay.
      max_age: 30 * DAY_NS,
    })
    .catch(async (err: unknown) => {
      if (!(await jsm.streams.info(name).catch(() => undefined))) throw err;
    });
}

/** Copies a delivery that ran out of attempts into the dead-letter stream, with why and how often. */
export async function parkDeadLetter(
  nc: NatsConnection,
  msg: JsMsg,
  service: string,
  type: string,
  error: unknown,
  prefix = subjectPrefix(),
): Promise<void> {
  const h = headers();
  h.set(HEADER.subject, msg.subject);
  h.set(HEADER.service, service);
  h.set(HEADER.deliveries, String(msg.info.deliveryCount));
  h.set(HEADER.error, (error instanceof Error ? error.message : String(error)).replace(/\s+/g, ' ').slice(0, 500));
  await jetstream(nc).publish(deadLetterSubject(service, type, prefix), msg.data, { headers: h });
}

export interface DeadLetter {
  seq: number;
  service: string;
  type: string;
  eventId: string | undefined;
  subject: string;
  deliveries: number;
  error: string;
  parkedAt: string;
}

/** Every parked event, oldest first. */
export async function listDeadLetters(nc: NatsConnection, prefix = subjectPrefix()): Promise<DeadLetter[]> {
  await ensureDeadLetterStream(nc, prefix);
  const jsm = await jetstreamManager(nc);
  const name = deadLetterStreamName(prefix);
  const { state } = await jsm.streams.info(name);
  const letters: DeadLetter[] = [];
  if (state.messages === 0) return letters;
  for (let seq = state.first_seq; seq <= state.last_seq; seq++) {
    const stored = await jsm.streams.getMessage(name, { seq }).catch(() => null);
    if (!stored) continue; // replayed (deleted)
    let body: { id?: string; type?: string } = {};
    try {
      body = stored.json();
    } catch {
      // unreadable body: listed by its subject
    }
    letters.push({
      seq,
      service: stored.header.get(HEADER.service),
      type: body.type ?? stored.subject.split('.').slice(-3).join('.'),
      eventId: body.id,
      subject: stored.header.get(HEADER.subject),
      deliveries: Number(stored.header.get(HEADER.deliveries)),
      error: stored.header.get(HEADER.error),
      parkedAt: stored.time.toISOString(),
    });
  }
  return letters;
}

/**
 * Publishes a parked event to its original subject again (every consumer of it sees it; those that
 * handled it before skip it by event id) and removes it from the dead-letter stream.
 */
export async function replayDeadLetter(nc: NatsConnection, seq: number, prefix = subjectPrefix()): Promise<void> {
  const jsm = await jetstreamManager(nc);
  const name = deadLetterStreamName(prefix);
  const stored = await jsm.streams.getMessage(name, { seq });
  if (!stored) throw new Error(`no dead letter with sequence ${seq}`);
  const subject = stored.header.get(HEADER.subject);
  // A fresh message id: the original one may still be inside the stream's duplicate window.
  await jetstream(nc).publish(subject, stored.data, { msgID: `replay-${name}-${seq}-${Date.now()}` });
  await jsm.streams.deleteMessage(name, seq);
}
