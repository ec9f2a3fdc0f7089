// The Dockerfile, checked statically (no Docker engine runs here): one image per process, each
// with only its workspace's production dependencies and compiled output, running as non-root
// under tini with a health check, and starting an entry point the build really produces.
import { describe, expect, it } from '@jest/globals';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { dockerfileStages, effectiveInstructions, IMAGE_TARGETS } from './lib/dockerfile.js';
import { ROOT } from './lib/k8s.js';

const stages = dockerfileStages();
const WORKSPACES: Record<string, string[]> = {
  gateway: ['services/gateway'],
  identity: ['services/identity'],
  profiles: ['services/profiles'],
  billing: ['services/billing'],
  fitness: ['services/fitness'],
  community: ['services/community'],
  migrate: ['services/identity', 'services/profiles', 'services/billing', 'services/fitness', 'services/community'],
  emulators: ['tools/emulators'],
};
const instruction = (lines: string[], keyword: string) =>
  lines.filter((l) => l.toUpperCase().startsWith(`${keyword} `));
const json = (line: string) => JSON.parse(line.slice(line.indexOf('['))) as string[];

describe('Dockerfile', () => {
  it('has one target per image, on the Node.js 20 slim base', () => {
    expect(stages.map((s) => s.name)).toEqual(expect.arrayContaining(IMAGE_TARGETS));
    const base = readFileSync(join(ROOT, 'Dockerfile'), 'utf8').match(/^ARG NODE_IMAGE=(\S+)$/m)?.[1];
    expect(base).toMatch(/^node:24(\.\d+)*-bookworm-slim$/);
  });

  it('builds every workspace once and keeps only production dependencies in the images', () => {
    const build = stages.find((s) => s.name === 'build')!;
    expect(build.instructions.some((l) => /^RUN npm run build\b/.test(l))).toBe(true);
    for (const target of IMAGE_TARGETS) {
      const lines = effectiveInstructions(stages, target);
      const copies = instruction(lines, 'COPY').filter((l) => l.includes('--from='));
      const deps = copies.filter((l) => /--from=deps-/.test(l));
      expect([target, deps.length]).toEqual([target, 1]);
      const depsStage = stages.find((s) => s.name === /--from=(\S+)/.exec(deps[0]!)![1])!;
      const install = depsStage.instructions.find((l) => l.includes('npm install'))!;
      expect(install).toContain('--omit=dev');
      expect(install).toContain('--include-workspace-root=false');
      const workspaces = [...install.matchAll(/--workspace (\S+)/g)].map((m) => m[1]);
      expect([target, workspaces]).toEqual([target, WORKSPACES[target]]);
      // From the build only compiled output (and the web build), never its node_modules.
      for (const copy of copies.filter((l) => l.includes('--from=build'))) {
        expect(copy).toMatch(/\/dist /);
        expect(copy).not.toMatch(/node_modules/);
      }
      for (const workspace of WORKSPACES[target]!) expect(copies.join('\n')).toContain(`/app/${workspace}/dist`);
    }
  });

  it('runs every image as uid 1000 under tini, in production mode', () => {
    for (const target of IMAGE_TARGETS) {
      const lines = effectiveInstructions(stages, target);
      expect([target, instruction(lines, 'USER').at(-1)]).toEqual([target, 'USER 1000:1000']);
      expect([target, json(instruction(lines, 'ENTRYPOINT').at(-1)!)]).toEqual([target, ['/usr/bin/tini', '--']]);
      expect([target, instruction(lines, 'ENV').some((l) => /\bNODE_ENV=production\b/.test(l))]).toEqual([
        target,
        true,
      ]);
      expect([target, lines.some((l) => /apt-get install .*\btini\b/.test(l))]).toEqual([target, true]);
    }
  });

  it('health-checks the long-running images on their health endpoints', () => {
    const check = (target: string) => instruction(effectiveInstructions(stages, target), 'HEALTHCHECK').at(-1)!;
    expect(check('gateway')).toContain('/api/health/live');
    for (const target of ['identity', 'profiles', 'billing', 'fitness', 'community']) {
      expect([target, check(target)]).toEqual([target, expect.stringContaining('/readyz')]);
      const env = instruction(effectiveInstructions(stages, target), 'ENV').join(' ');
      expect(env).toMatch(/\bHEALTH_PORT=9000\b/);
    }
    for (const target of ['migrate', 'emulators']) expect(check(target)).toBe('HEALTHCHECK NONE');
  });

  it('starts entry points the build produces', () => {
    for (const target of ['gateway', 'identity', 'profiles', 'billing', 'fitness', 'community']) {
      const cmd = json(instruction(effectiveInstructions(stages, target), 'CMD').at(-1)!);
      expect(cmd[0]).toBe('node');
      expect([target, existsSync(join(ROOT, cmd[1]!))]).toEqual([target, true]);
    }
    const migrate = json(instruction(effectiveInstructions(stages, 'migrate'), 'CMD').at(-1)!).join(' ');
    for (const service of ['identity', 'profiles', 'billing', 'fitness', 'community']) {
      expect(migrate).toContain(service);
      expect(existsSync(join(ROOT, `services/${service}/dist/main.js`))).toBe(true);
    }
    expect(migrate).toContain('services/$s/dist/main.js migrate || exit 1');
  });

  it('sends only sources and manifests as build context', () => {
    const ignored = readFileSync(join(ROOT, '.dockerignore'), 'utf8').split('\n');
    expect(ignored).toEqual(expect.arrayContaining(['**/node_modules', '**/dist', '.git', '.env', '.runtime']));
  });
});
