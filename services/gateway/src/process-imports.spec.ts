import { describe, expect, it } from '@jest/globals';
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

// The gateway reads no database and sends no mail: it takes from @runpledge/server-kit only the
// subpaths it uses (config, logging, messaging, metrics, ...), never the barrel that loads TypeORM
// and nodemailer. Checked on the built process (`npm run build`, as every jest run needs), whose
// CommonJS modules Node lists in require.cache.
const gatewayRoot = fileURLToPath(new URL('..', import.meta.url));

function packagesLoadedByAppModule(): string[] {
  const script = `
    import { createRequire } from 'node:module';
    await import('./dist/app.module.js');
    const names = Object.keys(createRequire(import.meta.url).cache)
      .map((path) => path.match(/node_modules\\/((?:@[^/]+\\/)?[^/]+)\\//)?.[1])
      .filter(Boolean);
    process.stdout.write(JSON.stringify([...new Set(names)]));
  `;
  const out = execFileSync(process.execPath, ['--input-type=module', '-e', script], {
    cwd: gatewayRoot,
    encoding: 'utf8',
  });
  return JSON.parse(out) as string[];
}

describe('what the gateway process loads', () => {
  it('loads neither TypeORM nor nodemailer', () => {
    const loaded = packagesLoadedByAppModule();
    expect(loaded).toContain('ioredis'); // the check sees CommonJS packages at all
    expect(loaded).not.toContain('typeorm');
    expect(loaded).not.toContain('nodemailer');
    expect(loaded).not.toContain('pg');
  });
});
