// Runs before every test file: points the file at its jest worker's own test run (global-setup.mjs),
// so files running side by side in different workers never share a database, NATS namespace or
// Redis prefix. Files of one worker run one after another, as they would in band.
const runs = process.env.RP_TEST_RUNS ? JSON.parse(process.env.RP_TEST_RUNS) : [];
if (runs.length > 0) {
  const worker = Math.max(1, Number(process.env.JEST_WORKER_ID) || 1);
  Object.assign(process.env, runs[(worker - 1) % runs.length]);
}
