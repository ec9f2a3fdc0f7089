import { afterAll, describe, expect, it } from '@jest/globals';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { canonicalRunnerPagePath, isRunnerPagePath, runnerPagePreloads } from './route-preloads.js';

describe('isRunnerPagePath', () => {
  it('takes one segment that is no other screen as a runner page, the sample pages included', () => {
    expect(isRunnerPagePath('/jane-runs')).toBe(true);
    expect(isRunnerPagePath('/jane-runs/')).toBe(true);
    expect(isRunnerPagePath('/test-sample')).toBe(true);
  });

  it('leaves out the other screens, deeper paths and files', () => {
    for (const path of [
      '/',
      '/login',
      '/Payment',
      '/dashboard',
      '/jane-runs/fitness',
      '/robots.txt',
      '/auth/confirm',
    ]) {
      expect(isRunnerPagePath(path)).toBe(false);
    }
  });
});

describe('runnerPagePreloads', () => {
  const dist = mkdtempSync(join(tmpdir(), 'rp-dist-'));
  afterAll(() => rmSync(dist, { recursive: true, force: true }));

  it('is empty without the build list', () => {
    expect(runnerPagePreloads(dist)).toBe('');
  });

  it("links the runner page's own chunks from the build list, and nothing that is not an asset script", () => {
    mkdirSync(join(dist, '.vite'), { recursive: true });
    writeFileSync(
      join(dist, '.vite/route-preloads.json'),
      JSON.stringify({
        'src/app/routes/runner-page.tsx': ['assets/runner-page-Ab_1.js', 'assets/x.js"><script>', '../secret.js'],
        'src/app/routes/landing.tsx': ['assets/landing-Cd2.js'],
      }),
    );
    expect(runnerPagePreloads(dist)).toBe(
      '<link rel="modulepreload" crossorigin href="/assets/runner-page-Ab_1.js" />',
    );
  });
});

describe('canonicalRunnerPagePath', () => {
  it('lowercases a runner page address and drops a trailing slash', () => {
    expect(canonicalRunnerPagePath('/Jose-Nunez')).toBe('/jose-nunez');
    expect(canonicalRunnerPagePath('/JOSE-NUNEZ/')).toBe('/jose-nunez');
    expect(canonicalRunnerPagePath('/jose-nunez/')).toBe('/jose-nunez');
    expect(canonicalRunnerPagePath('/Jose-Nunez/Fitness')).toBe('/jose-nunez/fitness');
  });

  it('leaves canonical addresses, other screens and non-slugs alone', () => {
    for (const path of [
      '/jose-nunez',
      '/jose-nunez/fitness',
      '/Dashboard',
      '/LOGIN/',
      '/José',
      '/a/b',
      '/',
      '/favicon.ico',
    ]) {
      expect(canonicalRunnerPagePath(path)).toBeUndefined();
    }
  });
});
