/** Time source of an emulator; tests can pin or move it. */
export interface Clock {
  nowMs(): number;
}

export const systemClock: Clock = { nowMs: () => Date.now() };

export function unixSeconds(clock: Clock): number {
  return Math.floor(clock.nowMs() / 1000);
}
