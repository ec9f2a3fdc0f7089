import { Injectable } from '@nestjs/common';
import { env } from '../../config/env.js';

export interface BytesInFlightLimits {
  /** What one runner's uploads may hold at once. */
  perRunnerBytes: number;
  /** What all uploads to this replica may hold at once. */
  totalBytes: number;
}

/** Reserved bytes to give back once (later calls do nothing); or which bound refused them. */
export type Reservation = { release: () => void } | { refused: 'runner' | 'total' };

/**
 * Bytes of uploaded files in flight in this replica, per runner and in all. An upload reserves its
 * declared body length before a byte of it is read, and is refused (503) when either bound would be
 * passed, so one account, or a crowd, cannot fill the gateway's memory with files.
 */
export class BytesInFlight {
  private total = 0;
  private readonly byRunner = new Map<string, number>();

  constructor(private readonly limits: BytesInFlightLimits) {}

  reserve(runnerId: string, bytes: number): Reservation {
    const own = this.byRunner.get(runnerId) ?? 0;
    if (own + bytes > this.limits.perRunnerBytes) return { refused: 'runner' };
    if (this.total + bytes > this.limits.totalBytes) return { refused: 'total' };
    this.byRunner.set(runnerId, own + bytes);
    this.total += bytes;
    let released = false;
    return {
      release: () => {
        if (released) return;
        released = true;
        this.total -= bytes;
        const left = (this.byRunner.get(runnerId) ?? 0) - bytes;
        if (left > 0) this.byRunner.set(runnerId, left);
        else this.byRunner.delete(runnerId);
      },
    };
  }

  /** Bytes reserved now, in all. */
  get bytes(): number {
    return this.total;
  }
}

/** This replica's bound on activity files in flight, from the gateway's configuration. */
@Injectable()
export class UploadBytesInFlight extends BytesInFlight {
  constructor() {
    super({ perRunnerBytes: env.ACTIVITY_UPLOAD_BYTES_PER_USER, totalBytes: env.ACTIVITY_UPLOAD_BYTES_MAX });
  }
}
