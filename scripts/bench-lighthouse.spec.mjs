import { describe, expect, it } from '@jest/globals';
import { EXIT, missedTargets, TARGETS, verdictOf } from './bench-lighthouse.mjs';

const good = { score: 97, fcpMs: 1800, lcpMs: 2100, tbtMs: 60, cls: 0 };
const summary = (name, figures, maxLoad) => ({
  name,
  url: `http://127.0.0.1:3000/${name}`,
  figures,
  missed: missedTargets(figures),
  maxLoad,
});

describe('the Lighthouse bench verdict', () => {
  it('holds the targets of issue #26: score 95, TBT 150 ms', () => {
    expect(TARGETS).toMatchObject({ score: 95, tbtMs: 150 });
    expect(missedTargets({ ...good, score: 94 })).toEqual(['score 94 < 95']);
    expect(missedTargets({ ...good, tbtMs: 151 })).toEqual(['TBT 151 ms > 150 ms']);
    expect(missedTargets(good)).toEqual([]);
  });

  it('passes when every page meets every target, even on a busy machine', () => {
    const verdict = verdictOf([summary('landing', good, 20), summary('runner', good, 20)], 2);
    expect(verdict).toEqual({ kind: 'pass', exitCode: EXIT.pass, lines: [] });
  });

  it('fails naming the page, the score and the target when a page is below it on a quiet machine', () => {
    const verdict = verdictOf([summary('landing', good, 0.6), summary('runner', { ...good, score: 74 }, 0.7)], 2);
    expect(verdict.kind).toBe('belowTarget');
    expect(verdict.exitCode).toBe(1);
    expect(verdict.lines).toHaveLength(1);
    expect(verdict.lines[0]).toContain('runner');
    expect(verdict.lines[0]).toContain('score 74 < 95');
  });

  it('fails on TBT above 150 ms alone', () => {
    const verdict = verdictOf([summary('landing', { ...good, tbtMs: 344 }, 0.6)], 2);
    expect(verdict.exitCode).toBe(EXIT.belowTarget);
    expect(verdict.lines[0]).toContain('TBT 344 ms > 150 ms');
  });

  it('does not pass a page below target on a machine too busy to judge: a distinct exit code', () => {
    const verdict = verdictOf([summary('runner', { ...good, score: 88 }, 21.3)], 2);
    expect(verdict.kind).toBe('tooLoadedToJudge');
    expect(verdict.exitCode).toBe(EXIT.tooLoadedToJudge);
    expect(verdict.exitCode).not.toBe(EXIT.pass);
    expect(verdict.exitCode).not.toBe(EXIT.belowTarget);
    expect(verdict.lines[0]).toContain('21.30');
  });

  it('fails when one page is below target on a quiet machine though another was measured under load', () => {
    const verdict = verdictOf(
      [summary('landing', { ...good, score: 90 }, 9), summary('runner', { ...good, score: 90 }, 1)],
      2,
    );
    expect(verdict.kind).toBe('belowTarget');
  });
});
