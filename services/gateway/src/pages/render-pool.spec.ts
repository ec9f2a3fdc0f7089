import { describe, expect, it } from '@jest/globals';
import { ServiceUnavailableException } from '@nestjs/common';
import { DRAWING_BUSY } from '@runpledge/contracts';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { RenderPool } from './render-pool.js';
import type { RenderTask } from './render.worker.js';

/** A drawing thread that holds each task until the test lets it go (a shared flag), then answers its name. */
const HELD_WORKER = `
export default ({ gate, name }) => {
  Atomics.wait(new Int32Array(gate), 0, 0);
  return { png: new TextEncoder().encode(name), renderMs: 0 };
};
`;

describe('RenderPool', () => {
  it('draws on its threads, queues up to its bound, and turns the next away at once with 503', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'rp-render-pool-'));
    writeFileSync(join(dir, 'held.worker.mjs'), HELD_WORKER);
    const pool = new RenderPool({ threads: 1, queue: 2, workerFile: pathToFileURL(join(dir, 'held.worker.mjs')) });
    try {
      const gate = new SharedArrayBuffer(4);
      const task = (name: string) => ({ gate, name }) as unknown as RenderTask;
      const accepted = ['one', 'two', 'three'].map((name) => pool.run(task(name)));
      // One drawing and two waiting: the fourth is refused while they are all still held.
      const refused = await pool.run(task('four')).catch((err: unknown) => err);
      expect(refused).toBeInstanceOf(ServiceUnavailableException);
      expect((refused as ServiceUnavailableException).message).toBe(DRAWING_BUSY);

      Atomics.store(new Int32Array(gate), 0, 1);
      Atomics.notify(new Int32Array(gate), 0);
      const drawn = await Promise.all(accepted);
      expect(drawn.map((d) => new TextDecoder().decode(d.png))).toEqual(['one', 'two', 'three']);
    } finally {
      await pool.onModuleDestroy();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
