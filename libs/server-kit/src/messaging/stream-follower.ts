import { jetstream, jetstreamManager, type ConsumerMessages } from '@nats-io/jetstream';
import type { NatsConnection } from '@nats-io/transport-node';
import { setTimeout as sleep } from 'node:timers/promises';

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
