// `npm run nats:config`: prints the nats-server configuration (JSON, which nats-server reads) with one
// user per process and the subject permissions server-kit derives from libs/contracts. Passwords come
// from NATS_PASSWORD_<PROCESS> (e.g. NATS_PASSWORD_FITNESS_WORKER); optional: NATS_SUBJECT_PREFIX,
// NATS_PORT, NATS_JETSTREAM_DIR, NATS_TLS_CERT_FILE + NATS_TLS_KEY_FILE (+ NATS_TLS_CA_FILE).
import './lib/node-runtime.mjs';
import { NATS_PROCESSES, natsServerConfig } from '../libs/server-kit/dist/index.js';

const passwordOf = (process_) => process.env[`NATS_PASSWORD_${process_.toUpperCase().replace(/-/g, '_')}`];
const missing = NATS_PROCESSES.filter((p) => !passwordOf(p));
if (missing.length > 0) {
  console.error(
    `missing passwords: ${missing.map((p) => `NATS_PASSWORD_${p.toUpperCase().replace(/-/g, '_')}`).join(', ')}`,
  );
  process.exit(2);
}
const { NATS_TLS_CERT_FILE: certFile, NATS_TLS_KEY_FILE: keyFile, NATS_TLS_CA_FILE: caFile } = process.env;
console.log(
  natsServerConfig({
    passwords: Object.fromEntries(NATS_PROCESSES.map((p) => [p, passwordOf(p)])),
    prefix: process.env.NATS_SUBJECT_PREFIX ?? '',
    port: Number(process.env.NATS_PORT) || 4222,
    jetStreamDir: process.env.NATS_JETSTREAM_DIR,
    tls: certFile && keyFile ? { certFile, keyFile, caFile } : undefined,
  }),
);
