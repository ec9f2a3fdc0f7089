import { baseEnvValue } from '../config/env.js';

/** Subject prefix from the environment (validated): namespaces a run (tests, parallel stacks). */
export function subjectPrefix(): string {
  return baseEnvValue('NATS_SUBJECT_PREFIX');
}

/** The NATS subject a request-reply pattern is served on. */
export function rpcSubject(pattern: string, prefix = subjectPrefix()): string {
  return `${prefix}${pattern}`;
}

/** The JetStream subject a domain event type is published on (kept apart from RPC subjects). */
export function eventSubject(type: string, prefix = subjectPrefix()): string {
  return `${prefix}evt.${type}`;
}

/** Name of the one JetStream stream that carries every domain event of a deployment (or run). */
export function eventStreamName(prefix = subjectPrefix()): string {
  return streamName('DOMAIN_EVENTS', prefix);
}

/** A stream name of the run: `name`, after the prefix as a stream name token. */
function streamName(name: string, prefix: string): string {
  const token = prefix
    .replace(/\.$/, '')
    .replace(/[^A-Za-z0-9_-]/g, '_')
    .toUpperCase();
  return token ? `${token}_${name}` : name;
}

/** Durable consumer name of a service (one per service: its replicas share the work). */
export function durableName(service: string, prefix = subjectPrefix()): string {
  const token = prefix.replace(/\.$/, '').replace(/[^A-Za-z0-9_-]/g, '_');
  return token ? `${token}_${service}` : service;
}

/** Durable consumer name of a service for one event type (one consumer per type, see EventConsumer). */
export function consumerDurableName(service: string, type: string, prefix = subjectPrefix()): string {
  return `${durableName(service, prefix)}__${type.replace(/[^A-Za-z0-9_-]/g, '_')}`;
}

/** A core NATS subject every subscriber hears (a broadcast such as identity's session revocations). */
export function broadcastSubject(subject: string, prefix = subjectPrefix()): string {
  return `${prefix}${subject}`;
}

/**
 * The small JetStream stream that keeps identity's session revocations (it captures the core
 * broadcast subject) for as long as an access token lives: a gateway replica that missed the
 * broadcast (disconnected, or started just after) reads it from there.
 */
export function revocationStreamName(prefix = subjectPrefix()): string {
  return streamName('SESSION_REVOCATIONS', prefix);
}
