// `node --import ./scripts/lib/cpu-prof-preload.mjs …` (NODE_OPTIONS allows --import, not --cpu-prof):
// SIGUSR2 starts a CPU profile, the next SIGUSR2 writes it to $CPU_PROF_DIR/<pid>.cpuprofile.
import { Session } from 'node:inspector';
import { writeFileSync } from 'node:fs';

const dir = process.env.CPU_PROF_DIR ?? '.';
const session = new Session();
session.connect();
let running = false;
process.on('SIGUSR2', () => {
  if (!running) {
    running = true;
    session.post('Profiler.enable', () =>
      session.post('Profiler.setSamplingInterval', { interval: 500 }, () => session.post('Profiler.start')),
    );
    return;
  }
  running = false;
  session.post('Profiler.stop', (err, result) => {
    if (!err) writeFileSync(`${dir}/${process.pid}.cpuprofile`, JSON.stringify(result.profile));
  });
});
