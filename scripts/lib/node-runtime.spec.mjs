import { describe, expect, it } from '@jest/globals';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { fileURLToPath } from 'node:url';
import { REQUIRED_NODE_MAJOR, runtimeDecision } from './node-runtime.mjs';

const projectNode = fileURLToPath(new URL('../../node_modules/node/bin/node', import.meta.url));
const guard = fileURLToPath(new URL('./node-runtime.mjs', import.meta.url));

describe('the Node.js every script runs on', () => {
  it('runs as it is on Node 24', () => {
    expect(runtimeDecision('v24.21.0', projectNode)).toEqual({ action: 'run' });
  });

  it("runs itself again on the project's Node 24 when started by an older Node", () => {
    expect(runtimeDecision('v20.20.2', projectNode)).toEqual({ action: 'reexec', node: projectNode });
  });

  it('stops with one sentence naming what to install when no Node 24 is at hand', () => {
    const decision = runtimeDecision('v20.20.2', '/nonexistent/node');
    expect(decision.action).toBe('stop');
    expect(decision.message).toBe(
      'RunPledge needs Node.js 24 LTS and this is Node.js v20.20.2: run `npm install` (it brings Node 24 into node_modules/.bin) or install Node.js 24.',
    );
  });

  it('is the Node the tests themselves run on', () => {
    expect(Number(process.versions.node.split('.')[0])).toBe(REQUIRED_NODE_MAJOR);
  });

  // The machine's own Node (20 here) starting a script ends with the script running on Node 24.
  const systemNode = existsSync('/usr/bin/node') ? '/usr/bin/node' : undefined;
  const systemMajor =
    systemNode && Number(spawnSync(systemNode, ['-p', 'process.versions.node']).stdout.toString().split('.')[0]);
  (systemMajor && systemMajor !== REQUIRED_NODE_MAJOR ? it : it.skip)(
    `a script started by the system's Node ${systemMajor} runs on Node 24`,
    () => {
      const dir = mkdtempSync(`${tmpdir()}/rp-node-`);
      try {
        writeFileSync(`${dir}/script.mjs`, `import ${JSON.stringify(guard)};\nconsole.log(process.version);\n`);
        const out = spawnSync(systemNode, [`${dir}/script.mjs`], { encoding: 'utf8' });
        expect(out.status).toBe(0);
        expect(out.stdout.trim()).toMatch(/^v24\./);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  );
});
