// The gateway image drops the font files share cards never read (~100 MB of woff2 and unused
// weights): checked against what the renderer can ask for, so a card never meets a missing font.
import { describe, expect, it } from '@jest/globals';
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CJK_FONTS, FONT_SUBSETS, FONT_WEIGHTS } from '../../services/gateway/src/pages/drawing-fonts.js';
// @ts-expect-error a plain ESM script of the Docker build, without types
import * as pruner from '../../services/gateway/build/prune-share-card-assets.mjs';
import { dockerfileStages } from './lib/dockerfile.js';
import { ROOT } from './lib/k8s.js';

const { FONT_PACKAGES, KEPT_WEIGHTS, prune, unreadFontFiles } = pruner as {
  FONT_PACKAGES: string[];
  KEPT_WEIGHTS: number[];
  prune: (root: string, options?: { dryRun?: boolean }) => { files: number; bytes: number };
  unreadFontFiles: (root: string) => string[];
};

/** Every font file the renderer may read: Inter's subsets and every numbered CJK slice, in each weight. */
function filesTheRendererReads(): string[] {
  const files = FONT_SUBSETS.flatMap((subset) =>
    FONT_WEIGHTS.map((w) => `node_modules/@fontsource/inter/files/inter-${subset}-${w}-normal.woff`),
  );
  for (const { family } of CJK_FONTS) {
    const ranges = JSON.parse(
      readFileSync(join(ROOT, `node_modules/@fontsource/${family}/unicode.json`), 'utf8'),
    ) as Record<string, string>;
    const slices = Object.keys(ranges).filter((s) => /^\[\d+\]$/.test(s));
    expect(slices.length).toBeGreaterThan(50);
    for (const slice of slices)
      for (const w of FONT_WEIGHTS)
        files.push(`node_modules/@fontsource/${family}/files/${family}-${slice.slice(1, -1)}-${w}-normal.woff`);
  }
  return files;
}

describe('share-card assets in the gateway image', () => {
  it('are pruned in the gateway dependencies stage, after the install', () => {
    const stage = dockerfileStages().find((s) => s.name === 'deps-gateway')!;
    const install = stage.instructions.findIndex((l) => l.includes('npm install'));
    const run = stage.instructions.findIndex((l) => l.includes('node /tmp/prune-share-card-assets.mjs /app'));
    expect(install).toBeGreaterThanOrEqual(0);
    expect(run).toBeGreaterThan(install);
    expect(stage.instructions).toContain('COPY services/gateway/build/prune-share-card-assets.mjs /tmp/');
  });

  it('keep every font file the renderer can read, and its weights are the renderer’s', () => {
    expect(KEPT_WEIGHTS).toEqual([...FONT_WEIGHTS]);
    expect(FONT_PACKAGES.sort()).toEqual(
      ['@fontsource/inter', ...CJK_FONTS.map(({ family }) => `@fontsource/${family}`)].sort(),
    );
    const removed = new Set(unreadFontFiles(ROOT).map((f) => f.slice(ROOT.length + 1)));
    const read = filesTheRendererReads();
    for (const file of read) expect(existsSync(join(ROOT, file))).toBe(true);
    expect(read.filter((file) => removed.has(file))).toEqual([]);
    // What goes is woff2 and the weights no card draws; no Twemoji SVG, CSS or unicode.json.
    expect([...removed].filter((f) => !/\/files\/[^/]+\.woff2?$/.test(f))).toEqual([]);
    expect([...removed].some((f) => f.includes('twemoji'))).toBe(false);
    const { bytes } = prune(ROOT, { dryRun: true });
    expect(bytes).toBeGreaterThan(80e6);
  });

  it('removes the unread files from a copy and leaves the rest', () => {
    const root = mkdtempSync(join(tmpdir(), 'prune-'));
    try {
      const files = join(root, 'node_modules/@fontsource/noto-sans-kr/files');
      const source = join(ROOT, 'node_modules/@fontsource/noto-sans-kr/files');
      const sample = readdirSync(source).filter((f) => /^noto-sans-kr-119-/.test(f));
      expect(sample.length).toBeGreaterThan(6);
      for (const f of sample) cpSync(join(source, f), join(files, f));
      const { files: count } = prune(root);
      expect(readdirSync(files).sort()).toEqual(FONT_WEIGHTS.map((w) => `noto-sans-kr-119-${w}-normal.woff`).sort());
      expect(count).toBe(sample.length - FONT_WEIGHTS.length);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});
