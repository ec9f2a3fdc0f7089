import { Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { accessTokenKeySetSchema, IDENTITY } from '@runpledge/contracts';
import { loadVerificationKeys, verificationKeysOf, type VerificationKeys } from '@runpledge/server-kit/auth';
import { env } from '../config/env.js';
import { NatsRpcClient } from '../nats/nats-rpc.client.js';

/** A token naming a key this replica does not know makes it ask identity again, at most this often. */
export const UNKNOWN_KID_REFETCH_MS = 60_000;
const START_RETRY_MS = [500, 1000, 2000, 5000, 10_000];

/**
 * The public keys this replica verifies access tokens with: `ACCESS_TOKEN_PUBLIC_KEYS` when set, and
 * identity's published set (`identity.keys.list`), loaded at start (retried until identity answers)
 * and again when a token names an unknown `kid`, at most once a minute, so a flood of made-up key ids
 * costs identity one call a minute. Until identity has answered, a signed-in request refreshes through
 * identity (slower, never wrong).
 */
@Injectable()
export class AccessTokenKeys implements OnApplicationBootstrap, OnApplicationShutdown {
  private keys: ReadonlyMap<string, string>;
  private loaded = false;
  private lastRefetchAt = -Infinity;
  private inFlight: Promise<void> | undefined;
  private retry: NodeJS.Timeout | undefined;
  private stopped = false;

  private readonly logger = new Logger(AccessTokenKeys.name);

  constructor(
    private readonly rpc: Pick<NatsRpcClient, 'call'>,
    private readonly now: () => number = Date.now,
    private readonly pinned: VerificationKeys = loadVerificationKeys(env),
  ) {
    this.keys = pinned;
  }

  onApplicationBootstrap(): void {
    void this.loadAtStart(0);
  }

  onApplicationShutdown(): void {
    this.stopped = true;
    clearTimeout(this.retry);
  }

  /** Whether identity's set has been loaded at least once. */
  get ready(): boolean {
    return this.loaded;
  }

  /**
   * The PEM of key `kid`, asking identity first when it is unknown: at most once a minute once the set
   * is loaded, at most once a second before (a request right after start need not wait for the loop).
   */
  async keyFor(kid: string): Promise<string | undefined> {
    const known = this.keys.get(kid);
    if (known) return known;
    const now = this.now();
    const every = this.loaded ? UNKNOWN_KID_REFETCH_MS : 1000;
    if (now - this.lastRefetchAt < every) return undefined;
    this.lastRefetchAt = now;
    await this.fetch().catch((err: unknown) => {
      if (this.loaded) this.logger.warn(`could not refetch identity's keys: ${String(err)}`);
    });
    return this.keys.get(kid);
  }

  private async loadAtStart(attempt: number): Promise<void> {
    if (this.stopped || this.loaded) return;
    try {
      await this.fetch();
    } catch {
      const wait = START_RETRY_MS[Math.min(attempt, START_RETRY_MS.length - 1)];
      this.retry = setTimeout(() => void this.loadAtStart(attempt + 1), wait);
      this.retry.unref();
    }
  }

  /** One call to identity at a time; concurrent callers share it. */
  private fetch(): Promise<void> {
    this.inFlight ??= (async () => {
      try {
        // Parsed here whatever RPC_VALIDATE_RESPONSES says: keys are worth the check, once a minute at most.
        const reply = accessTokenKeySetSchema.parse(await this.rpc.call(IDENTITY.keys.list, {}));
        this.keys = new Map([...this.pinned, ...verificationKeysOf(reply.keys)]);
        this.loaded = true;
      } finally {
        this.inFlight = undefined;
      }
    })();
    return this.inFlight;
  }
}
