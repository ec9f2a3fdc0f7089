import { jetstreamManager } from '@nats-io/jetstream';
import type { NatsConnection } from '@nats-io/transport-node';
import { Gauge } from 'prom-client';
import { deadLetterStreamName } from '../events/dead-letters.js';
import { subjectPrefix } from '../messaging/subject.js';

let connection: NatsConnection | undefined;

/** Events parked in the dead-letter stream (read from JetStream at scrape time): alert when above 0. */
new Gauge({
  name: 'events_dead_letters',
  help: 'Events parked in the dead-letter stream (npm run events:dlq -- list), read at scrape time',
  async collect() {
    if (!connection || connection.isClosed()) return;
    try {
      const jsm = await jetstreamManager(connection, { timeout: 1000 });
      const info = await jsm.streams.info(deadLetterStreamName(subjectPrefix()));
      this.set(info.state.messages);
    } catch {
      // No stream yet (nothing ever parked) or NATS unreachable: keep the last value.
    }
  },
});

/** Reports the dead-letter stream's size through this process's events connection. */
export function observeDeadLetters(nc: NatsConnection): void {
  connection = nc;
}
