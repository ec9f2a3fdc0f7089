import { credsAuthenticator, type NodeConnectionOptions } from '@nats-io/transport-node';
import {
  EVENT_CONSUMPTION,
  SERVICE_ANNOUNCEMENTS,
  SERVICE_NAMES,
  SERVICE_REQUESTS,
  type ServiceName,
} from '@runpledge/contracts';
import { readFileSync } from 'node:fs';
import type { BaseEnv } from '../config/env.js';
import { deadLetterStreamName, deadLetterSubject } from '../events/dead-letters.js';
import { consumerDurableName, eventStreamName, eventSubject, revocationStreamName, rpcSubject } from './subject.js';

/** Every process that connects to NATS under its own user. */
export const NATS_PROCESSES = [
  ...SERVICE_NAMES,
  'fitness-worker',
  'profiles-worker',
  'community-worker',
  'gateway',
  'operator',
] as const;
export type NatsProcess = (typeof NATS_PROCESSES)[number];

/** The BullMQ worker processes and the service each works for (it publishes that service's events). */
const WORKER_OF: Record<Extract<NatsProcess, `${string}-worker`>, ServiceName> = {
  'fitness-worker': 'fitness',
  'profiles-worker': 'profiles',
  'community-worker': 'community',
};

export interface NatsPermissions {
  publish: { allow: string[]; deny?: string[] };
  subscribe: { allow: string[] };
  /** May answer the requests it received (reply subjects), once each: replies and JetStream acks. */
  allow_responses?: boolean;
}

/** What a service's event plumbing needs of JetStream: the stream, its own durables, nothing else. */
function jetStreamPermissions(service: ServiceName, prefix: string): string[] {
  const stream = eventStreamName(prefix);
  const deadLetters = deadLetterStreamName(prefix);
  const subjects = [
    '$JS.API.INFO',
    // Create the streams when missing (local runs, tests); Kubernetes manages the events' with NACK.
    `$JS.API.STREAM.INFO.${stream}`,
    `$JS.API.STREAM.CREATE.${stream}`,
    `$JS.API.STREAM.INFO.${deadLetters}`,
    `$JS.API.STREAM.CREATE.${deadLetters}`,
    // Parks its own poison events.
    deadLetterSubject(service, '>', prefix),
  ];
  for (const type of EVENT_CONSUMPTION[service]) {
    const durable = consumerDurableName(service, type, prefix);
    subjects.push(
      `$JS.API.CONSUMER.INFO.${stream}.${durable}`,
      `$JS.API.CONSUMER.CREATE.${stream}.${durable}`,
      `$JS.API.CONSUMER.CREATE.${stream}.${durable}.>`,
      `$JS.API.CONSUMER.DURABLE.CREATE.${stream}.${durable}`,
      `$JS.API.CONSUMER.MSG.NEXT.${stream}.${durable}`,
      `$JS.ACK.${stream}.${durable}.>`,
    );
  }
  return subjects;
}

/**
 * Subject permissions of one process, from the patterns in libs/contracts: only the gateway requests
 * service subjects; a service answers its own requests, publishes only its own events and announcements,
 * and reads only the events it consumes.
 */
export function natsPermissions(process: NatsProcess, prefix = ''): NatsPermissions {
  if (process === 'operator') {
    // `npm run events:dlq`: reads and replays the dead-letter stream; answers and serves nothing.
    return {
      publish: { allow: ['$JS.API.>', eventSubject('>', prefix)] },
      subscribe: { allow: ['_INBOX.>'] },
    };
  }
  if (process === 'gateway') {
    // Reads identity's revocation stream with ordered (ephemeral) consumers: that stream only.
    const revocations = revocationStreamName(prefix);
    return {
      publish: {
        allow: [
          ...SERVICE_NAMES.map((service) => rpcSubject(`${service}.>`, prefix)),
          '$JS.API.INFO',
          `$JS.API.STREAM.INFO.${revocations}`,
          `$JS.API.CONSUMER.CREATE.${revocations}`,
          `$JS.API.CONSUMER.CREATE.${revocations}.>`,
          `$JS.API.CONSUMER.INFO.${revocations}.*`,
          `$JS.API.CONSUMER.DELETE.${revocations}.*`,
          `$JS.API.CONSUMER.MSG.NEXT.${revocations}.*`,
        ],
        // identity's announcements share its subject space: the gateway hears them, never forges one.
        deny: SERVICE_ANNOUNCEMENTS.identity.map((subject) => rpcSubject(subject, prefix)),
      },
      subscribe: {
        allow: [
          '_INBOX.>',
          ...SERVICE_NAMES.flatMap((s) => SERVICE_ANNOUNCEMENTS[s].map((a) => rpcSubject(a, prefix))),
        ],
      },
    };
  }
  // The workers publish their service's events (outbox relay) but answer no requests.
  const worker = process.endsWith('-worker');
  const service: ServiceName = worker ? WORKER_OF[process as keyof typeof WORKER_OF] : (process as ServiceName);
  const publish = [
    eventSubject(`${service}.>`, prefix),
    // Identity keeps its revocation broadcasts in a stream of their own (see followStream).
    ...(service === 'identity'
      ? [
          `$JS.API.STREAM.INFO.${revocationStreamName(prefix)}`,
          `$JS.API.STREAM.CREATE.${revocationStreamName(prefix)}`,
          `$JS.API.STREAM.UPDATE.${revocationStreamName(prefix)}`,
        ]
      : []),
    ...SERVICE_ANNOUNCEMENTS[service].map((subject) => rpcSubject(subject, prefix)),
    ...jetStreamPermissions(service, prefix),
    ...SERVICE_REQUESTS[service].map((pattern) => rpcSubject(pattern, prefix)),
  ];
  const subscribe = ['_INBOX.>'];
  if (!worker) subscribe.push(rpcSubject(`${service}.>`, prefix));
  return { publish: { allow: publish }, subscribe: { allow: subscribe }, allow_responses: true };
}

export interface NatsServerConfigOptions {
  /** Password of each process's NATS user (the user name is the process name). */
  passwords: Record<NatsProcess, string>;
  port?: number;
  host?: string;
  prefix?: string;
  /** JetStream storage; JetStream is off when unset. */
  jetStreamDir?: string;
  /** Server certificate for TLS between NATS and its clients (production). */
  tls?: { certFile: string; keyFile: string; caFile?: string };
}

/**
 * A nats-server configuration (nats-server reads JSON) with one user per process and the subject
 * permissions above: the one source of NATS trust. `npm run nats:config` prints it.
 */
export function natsServerConfig(options: NatsServerConfigOptions): string {
  const config: Record<string, unknown> = {
    host: options.host ?? '0.0.0.0',
    port: options.port ?? 4222,
    authorization: {
      users: NATS_PROCESSES.map((process) => ({
        user: process,
        password: options.passwords[process],
        permissions: natsPermissions(process, options.prefix ?? ''),
      })),
    },
  };
  if (options.jetStreamDir) config.jetstream = { store_dir: options.jetStreamDir };
  if (options.tls) {
    config.tls = { cert_file: options.tls.certFile, key_file: options.tls.keyFile, ca_file: options.tls.caFile };
  }
  return JSON.stringify(config, null, 2);
}

/**
 * How a process connects: its servers and, when set, its own credentials (NATS_USER/NATS_PASSWORD or
 * a NATS_CREDS file) and the CA that signed the server's TLS certificate. None of them locally.
 */
export function natsConnectionOptions(
  env: Pick<BaseEnv, 'NATS_URL' | 'NATS_USER' | 'NATS_PASSWORD' | 'NATS_CREDS' | 'NATS_TLS_CA_FILE'> &
    Partial<Pick<BaseEnv, 'NODE_ENV'>>,
): NodeConnectionOptions {
  if (env.NODE_ENV === 'production' && !env.NATS_CREDS && !(env.NATS_USER && env.NATS_PASSWORD)) {
    throw new Error(
      'Invalid configuration for production:\n  NATS_USER and NATS_PASSWORD (or NATS_CREDS): must be set in production',
    );
  }
  const options: NodeConnectionOptions = { servers: env.NATS_URL.split(',') };
  if (env.NATS_CREDS) options.authenticator = credsAuthenticator(readFileSync(env.NATS_CREDS));
  else if (env.NATS_USER) Object.assign(options, { user: env.NATS_USER, pass: env.NATS_PASSWORD ?? '' });
  if (env.NATS_TLS_CA_FILE) options.tls = { caFile: env.NATS_TLS_CA_FILE };
  return options;
}
