import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

export interface Route {
  method: string;
  path: string;
  isPublic: boolean;
}

/** A gateway started by route-table.mjs in a child process: its URL, its route table, and a stop. */
export async function startRouteTable(): Promise<{ url: string; routes: Route[]; stop: () => Promise<void> }> {
  const child = spawn(process.execPath, [fileURLToPath(new URL('./route-table.mjs', import.meta.url))], {
    env: process.env,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const stop = async () => {
    if (child.exitCode === null) {
      child.kill('SIGTERM');
      await once(child, 'exit');
    }
  };
  try {
    const [line] = (await once(createInterface({ input: child.stdout }), 'line')) as [string];
    const { url, routes } = JSON.parse(line) as { url: string; routes: Route[] };
    return { url, routes, stop };
  } catch (err) {
    await stop();
    throw err;
  }
}
