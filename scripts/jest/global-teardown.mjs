export default async function globalTeardown() {
  await Promise.allSettled((globalThis.__testRuns ?? []).map((run) => run.tearDown()));
  await globalThis.__infra?.stop();
}
