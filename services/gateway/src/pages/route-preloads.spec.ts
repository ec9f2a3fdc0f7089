import { afterAll, describe, expect, it } from '@jest/globals';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  canonicalRunnerPagePath,
  isCharityPagePath,
  isEventPagePath,
  isRunnerPagePath,
  isTeamPagePath,
  publicPagePreloads,
} from './route-preloads.js';

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

describe('isTeamPagePath', () => {
  it("takes a team's page, not the form that starts one nor deeper paths", () => {
    expect(isTeamPagePath('/teams/sick-kids')).toBe(true);
    expect(isTeamPagePath('/teams/sick-kids/')).toBe(true);
    for (const path of ['/teams', '/teams/', '/teams/new', '/teams/New/', '/teams/sick-kids/manage', '/sick-kids']) {
      expect(isTeamPagePath(path)).toBe(false);
    }
  });
});

describe('isCharityPagePath', () => {
  it("takes a charity's page, not the app's own screens under /charities nor the console", () => {
    expect(isCharityPagePath('/charities/sick-kids')).toBe(true);
    expect(isCharityPagePath('/charities/Sick-Kids/')).toBe(true);
    for (const path of [
      '/charities',
      '/charities/',
      '/charities/new',
      '/charities/Verify',
      '/charities/invitations',
      '/charities/directory/',
      '/charities/sick-kids/console',
      '/charities/Not_A_Slug',
      '/charities/x.png',
      '/sick-kids',
    ]) {
      expect([path, isCharityPagePath(path)]).toEqual([path, false]);
    }
  });
});

describe('isEventPagePath', () => {
  it("takes an event's page, not deeper paths nor files", () => {
    expect(isEventPagePath('/events/tcs-london-marathon-2099')).toBe(true);
    expect(isEventPagePath('/events/tcs-london-marathon-2099/')).toBe(true);
    for (const path of ['/events', '/events/', '/events/x/og-image.png', '/events/x.js', '/teams/x']) {
      expect([path, isEventPagePath(path)]).toEqual([path, false]);
    }
  });
});

describe('publicPagePreloads', () => {
  const dist = mkdtempSync(join(tmpdir(), 'rp-dist-'));
  afterAll(() => rmSync(dist, { recursive: true, force: true }));

  it('is empty without the build list', () => {
    expect(publicPagePreloads(dist)('/jane-runs')).toBe('');
  });

  it("links a public page's own chunks from the build list, and nothing that is not an asset script", () => {
    mkdirSync(join(dist, '.vite'), { recursive: true });
    writeFileSync(
      join(dist, '.vite/route-preloads.json'),
      JSON.stringify({
        'src/app/routes/runner-page.tsx': ['assets/runner-page-Ab_1.js', 'assets/x.js"><script>', '../secret.js'],
        'src/app/routes/team.tsx': ['assets/team-Ef3.js'],
        'src/app/routes/charity.tsx': ['assets/charity-Gh4.js'],
        'src/app/routes/event.tsx': ['assets/event-Ij5.js'],
        'src/app/routes/landing.tsx': ['assets/landing-Cd2.js'],
      }),
    );
    const preloadsFor = publicPagePreloads(dist);
    expect(preloadsFor('/jane-runs')).toBe(
      '<link rel="modulepreload" crossorigin href="/assets/runner-page-Ab_1.js" />',
    );
    expect(preloadsFor('/teams/sick-kids')).toBe('<link rel="modulepreload" crossorigin href="/assets/team-Ef3.js" />');
    expect(preloadsFor('/charities/sick-kids')).toBe(
      '<link rel="modulepreload" crossorigin href="/assets/charity-Gh4.js" />',
    );
    expect(preloadsFor('/events/london-2099')).toBe(
      '<link rel="modulepreload" crossorigin href="/assets/event-Ij5.js" />',
    );
    for (const path of [
      '/',
      '/login',
      '/teams/new',
      '/teams/sick-kids/manage',
      '/charities/new',
      '/charities/x/console',
    ]) {
      expect([path, preloadsFor(path)]).toEqual([path, '']);
    }
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
