import { describe, expect, it } from '@jest/globals';
import { runnerPageSlugOf } from './page-data.js';

describe('runnerPageSlugOf', () => {
  it('gives the slug of a runner page or a sample page', () => {
    expect(runnerPageSlugOf('/jane-runs')).toBe('jane-runs');
    expect(runnerPageSlugOf('/jane-runs/')).toBe('jane-runs');
    expect(runnerPageSlugOf('/test-sample')).toBe('test-sample');
  });

  it('gives nothing for the other screens, deeper paths and files', () => {
    for (const path of [
      '/',
      '/login',
      '/Payment',
      '/jane-runs/fitness',
      '/robots.txt',
      '/auth/confirm',
      '/release-claim',
    ]) {
      expect(runnerPageSlugOf(path)).toBeUndefined();
    }
  });
});
