// `npm run chaos`: steady write load through the gateway for a few minutes while one component at a
// time is killed (kill -9, or an immediate shutdown for PostgreSQL) and started again, on a stack with
// its own PostgreSQL, NATS and Redis. Prints requests, success rate, status codes, p99, writes
// acknowledged against writes found in the database afterwards, and the recovery time of each fault.
//   CHAOS_DURATION_S (default 150)  how long the load runs
//   CHAOS_RATE (default 15)         writes per second
//   CHAOS_DOWN_MS (default 3000)    how long a killed component stays down
//   CHAOS_COMPONENTS                comma-separated, default every service, the worker, the gateway,
//                                   postgres, nats and redis
import './lib/node-runtime.mjs';
import { setTimeout as sleep } from 'node:timers/promises';
import { isBuilt, waitForReady } from './lib/stack.mjs';
import { startFaultStack } from './lib/fault-stack.mjs';
import { prepareRunners, recoveryMs, startWriteLoad, summarize, verifyWrites } from './lib/write-load.mjs';

const durationMs = Number(process.env.CHAOS_DURATION_S || 150) * 1000;
const rate = Number(process.env.CHAOS_RATE || 15);
const downMs = Number(process.env.CHAOS_DOWN_MS || 3000);
const components = (
  process.env.CHAOS_COMPONENTS || 'identity,profiles,billing,fitness,fitness-worker,gateway,postgres,nats,redis'
).split(',');

if (!isBuilt()) {
  console.error('Build first: npm run build');
  process.exit(1);
}

const say = (line) => console.log(`[chaos ${new Date().toISOString().slice(11, 19)}] ${line}`);

say('starting a stack on its own PostgreSQL, NATS and Redis…');
const stack = await startFaultStack({ readyTimeoutMs: 240_000 });
let stopping = false;
const shutdown = async () => {
  if (stopping) return;
  stopping = true;
  await stack.stop();
};
process.on('SIGINT', () => void shutdown().then(() => process.exit(130)));

try {
  const runners = await prepareRunners(stack.url, 5, 'chaos');
  say(`stack at ${stack.url}; ${runners.length} runners; load ${rate} writes/s for ${durationMs / 1000} s`);
  const load = startWriteLoad(stack.url, runners, { ratePerSecond: rate });
  const started = Date.now();
  const faults = [];
  await sleep(5_000);
  let i = 0;
  while (Date.now() - started < durationMs - 15_000) {
    const name = components[i++ % components.length];
    const infra = stack.infra[name];
    const killedAt = Date.now();
    if (infra) {
      await infra.kill();
    } else {
      stack.processes.get(name).child.kill('SIGKILL');
      await stack.processes.get(name).exited;
    }
    await sleep(downMs);
    const restartAt = Date.now();
    if (infra) await infra.start();
    else stack.restart(name);
    // Recovery counts from when the stack answers ready again (a process's boot is not recovery).
    await waitForReady(stack.url, 180_000).catch(() => undefined);
    const restartedAt = Date.now();
    say(
      `${name}: killed, down ${Math.round((restartAt - killedAt) / 100) / 10} s, ready again after ${Math.round((restartedAt - restartAt) / 100) / 10} s`,
    );
    faults.push({ name, killedAt, restartedAt });
    // Settle: recovered and calm before the next one.
    await sleep(10_000);
  }
  while (Date.now() - started < durationMs) await sleep(500);
  const requests = await load.stop();
  // Give the outbox relays and consumers a moment, then count what is stored.
  await sleep(2_000);
  const verified = await verifyWrites(stack.env.DATABASE_URL, requests);
  const summary = summarize(requests);

  console.log('\n=== chaos run ===');
  console.log(`requests        ${summary.requests} (${rate}/s for ${Math.round(durationMs / 1000)} s)`);
  console.log(`success rate    ${(summary.successRate * 100).toFixed(2)} %`);
  console.log(`status codes    ${JSON.stringify(summary.statuses)}  (0 = no answer: connection refused or timed out)`);
  console.log(`latency         p50 ${summary.p50} ms, p99 ${summary.p99} ms`);
  console.log(
    `writes          acknowledged ${verified.acknowledged}, found once ${verified.foundOnce}, lost ${verified.lost.length}, applied twice ${verified.twice.length}, page edits out of order ${verified.wrongEdits.length}`,
  );
  console.log('recovery        (from ready again after the restart until every request succeeds)');
  for (const fault of faults) {
    const window = requests.filter((r) => r.at >= fault.killedAt && r.at < fault.restartedAt + 12_000);
    const failed = window.filter((r) => r.status < 200 || r.status >= 300);
    const codes = {};
    for (const r of failed) codes[r.status] = (codes[r.status] ?? 0) + 1;
    const recovery = recoveryMs(window, fault.restartedAt);
    console.log(
      `  ${fault.name.padEnd(15)} ${recovery === null ? 'not recovered' : `${(recovery / 1000).toFixed(1)} s`.padEnd(14)} failed ${failed.length} ${JSON.stringify(codes)}`,
    );
  }
  const fiveHundreds = summary.statuses[500] ?? 0;
  const ok = verified.lost.length === 0 && verified.twice.length === 0 && fiveHundreds === 0;
  console.log(ok ? '\nOK: 0 acknowledged writes lost, none applied twice, no 500s' : '\nFAILED: see above');
  process.exitCode = ok ? 0 : 1;
} finally {
  await shutdown();
}
