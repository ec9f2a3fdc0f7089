export default async function globalTeardown() {
  await globalThis.__testRun?.tearDown();
}
