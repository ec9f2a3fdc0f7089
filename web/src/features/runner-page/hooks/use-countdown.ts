import { BUSINESS } from '@runpledge/contracts';
import { useEffect, useState } from 'react';
import { countdownTo, type CountdownParts } from '../utils/countdown';

/** The countdown to the race start, recomputed every minute (spec 9: 60 s) on the minute. */
export function useCountdown(marathonDate: string): CountdownParts {
  const [now, setNow] = useState(() => new Date());

  useEffect(() => {
    let interval: ReturnType<typeof setInterval> | undefined;
    const tick = () => setNow(new Date());
    // Line the ticks up with the clock's minutes so the display changes when a minute does.
    const untilNextMinute = BUSINESS.countdownRefreshMs - (Date.now() % BUSINESS.countdownRefreshMs);
    const first = setTimeout(() => {
      tick();
      interval = setInterval(tick, BUSINESS.countdownRefreshMs);
    }, untilNextMinute);
    return () => {
      clearTimeout(first);
      clearInterval(interval);
    };
  }, []);

  return countdownTo(marathonDate, now);
}
