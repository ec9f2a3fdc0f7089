// `npm run events:dlq -- list` shows the domain events parked after failing on every delivery;
// `npm run events:dlq -- replay <seq>|--all` publishes them to their subject again (consumers that
// handled one before skip it by event id) and removes them from the dead-letter stream. Reads NATS_URL,
// NATS_SUBJECT_PREFIX and, where NATS has users, NATS_USER=operator / NATS_PASSWORD (or NATS_CREDS).
import './lib/node-runtime.mjs';
import { connect } from '@nats-io/transport-node';
import {
  listDeadLetters,
  loadBaseEnv,
  natsConnectionOptions,
  replayDeadLetter,
} from '../libs/server-kit/dist/index.js';

const USAGE = 'usage: npm run events:dlq -- list | replay <seq>... | replay --all';
const [command, ...args] = process.argv.slice(2);
const env = loadBaseEnv();
const prefix = env.NATS_SUBJECT_PREFIX;
const nc = await connect({ ...natsConnectionOptions(env), name: 'events-dlq' });
try {
  if (command === 'list') {
    const letters = await listDeadLetters(nc, prefix);
    if (letters.length === 0) console.log('no parked events');
    for (const l of letters) {
      console.log(
        `#${l.seq}  ${l.parkedAt}  ${l.service} <- ${l.type}  event ${l.eventId ?? '?'}  after ${l.deliveries} deliveries: ${l.error}`,
      );
    }
  } else if (command === 'replay' && args.length > 0) {
    const seqs = args[0] === '--all' ? (await listDeadLetters(nc, prefix)).map((l) => l.seq) : args.map(Number);
    if (seqs.some((seq) => !Number.isInteger(seq) || seq < 1)) throw new Error(USAGE);
    for (const seq of seqs) {
      await replayDeadLetter(nc, seq, prefix);
      console.log(`#${seq} replayed`);
    }
  } else {
    console.error(USAGE);
    process.exitCode = 2;
  }
} catch (err) {
  console.error(err.message);
  process.exitCode = 1;
} finally {
  await nc.close();
}
