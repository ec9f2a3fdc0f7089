/**
 * Work a webhook dispatcher does after answering: deliveries in flight and retries waiting on a
 * timer. `cancelRetries()` drops the waiting retries (a reset); `close()` also waits for what is
 * already running, so a server stops only after its last delivery ended.
 */
export class BackgroundTasks {
  private readonly timers = new Set<NodeJS.Timeout>();
  private readonly inFlight = new Set<Promise<unknown>>();

  /** Runs `work` now, tracked until it settles; returns its promise. */
  run<T>(work: () => Promise<T>): Promise<T> {
    const task = work();
    this.inFlight.add(task);
    void task.finally(() => this.inFlight.delete(task)).catch(() => undefined);
    return task;
  }

  /**
   * Runs `work` after the delay of retry number `attempt` (1-based) in `delaysMs`; nothing when the
   * retries are used up. Failures of the retry are the caller's to log inside `work`.
   */
  retryLater(delaysMs: readonly number[], attempt: number, work: () => Promise<unknown>): void {
    const delay = delaysMs[attempt - 1];
    if (delay === undefined) return;
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      void this.run(() => work().catch(() => undefined));
    }, delay);
    timer.unref();
    this.timers.add(timer);
  }

  cancelRetries(): void {
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
  }

  async close(): Promise<void> {
    this.cancelRetries();
    await Promise.allSettled([...this.inFlight]);
  }
}
