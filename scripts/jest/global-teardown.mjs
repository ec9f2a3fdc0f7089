export default async function globalTeardown() {
  await globalThis.__testRun?.tearDown();
  await globalThis.__infra?.stop();
}
