// Every process of RunPledge runs on Node.js 24 LTS (package.json `engines`). `npm install` brings
// it: the `node` devDependency puts Node 24 at node_modules/.bin/node, which npm scripts find first
// on PATH. A script started by an older Node (`node scripts/start.mjs` with a system Node 20) runs
// itself again on that Node 24, or stops with one sentence saying what to install. Import this
// module first, before anything else a script imports.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export const REQUIRED_NODE_MAJOR = 24;

const major = (version) => Number(version.replace(/^v/, '').split('.')[0]);

/** What to do for a script started on `version` (pure, so it is testable). */
export function runtimeDecision(version, projectNode) {
  if (major(version) === REQUIRED_NODE_MAJOR) return { action: 'run' };
  if (projectNode && existsSync(projectNode)) return { action: 'reexec', node: projectNode };
  return {
    action: 'stop',
    message:
      `RunPledge needs Node.js ${REQUIRED_NODE_MAJOR} LTS and this is Node.js ${version}: ` +
      `run \`npm install\` (it brings Node ${REQUIRED_NODE_MAJOR} into node_modules/.bin) or install Node.js ${REQUIRED_NODE_MAJOR}.`,
  };
}

const projectNode = fileURLToPath(new URL('../../node_modules/node/bin/node', import.meta.url));
const decision = runtimeDecision(process.version, projectNode);
if (decision.action === 'stop') {
  console.error(decision.message);
  process.exit(1);
}
if (decision.action === 'reexec') {
  const result = spawnSync(decision.node, [...process.execArgv, ...process.argv.slice(1)], { stdio: 'inherit' });
  process.exit(result.status ?? 1);
}
