/** What callers see while a dependency (database, broker, cache) is down: a 503 they may retry. */
export const OUTAGE = {
  /** Seconds in the `Retry-After` header of every 503 the gateway sends. */
  retryAfterSeconds: 2,
  /** A service's database (or another of its dependencies) is unreachable. */
  message: 'The service is temporarily unavailable. Please try again in a few seconds.',
  /** The gateway knows its connection to the message broker is down. */
  brokerDownMessage: 'RunPledge is temporarily unavailable. Please try again in a few seconds.',
  /** Header on a runner page served from the gateway's copy while profiles does not answer. */
  staleHeader: 'x-runpledge-stale',
} as const;
