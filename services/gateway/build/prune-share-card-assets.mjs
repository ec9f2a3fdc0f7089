#!/usr/bin/env node
// Removes the font files the share-card renderer never reads from the gateway image's
// node_modules (Dockerfile, deps-gateway stage). satori reads woff, not woff2, and the cards draw
// three weights only (FONT_WEIGHTS in services/gateway/src/pages/drawing-fonts.ts; the deploy
// check share-card-assets.spec.ts keeps the two lists equal). Every other file stays: the CSS,
// unicode.json (the renderer reads the slices' ranges there) and every Twemoji SVG (any emoji may be
// asked for; the package holds nothing else but its licence and readme).
//
//   node prune-share-card-assets.mjs <dir holding node_modules> [--dry-run]
import { readdirSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

export const FONT_PACKAGES = ['@fontsource/inter', '@fontsource/noto-sans-sc', '@fontsource/noto-sans-kr'];
export const KEPT_WEIGHTS = [400, 600, 800];

const kept = new RegExp(`-(${KEPT_WEIGHTS.join('|')})-normal\\.woff$`);

/** Whether the renderer can ever read this file of a font package's `files/` folder. */
export const isRead = (file) => kept.test(file);

/** The files `prune` would remove under `root` (its node_modules and the gateway's own). */
export function unreadFontFiles(root) {
  const found = [];
  for (const modules of [join(root, 'node_modules'), join(root, 'services/gateway/node_modules')]) {
    for (const pkg of FONT_PACKAGES) {
      const dir = join(modules, pkg, 'files');
      let names;
      try {
        names = readdirSync(dir);
      } catch {
        continue;
      }
      for (const name of names) if (!isRead(name)) found.push(join(dir, name));
    }
  }
  return found;
}

/** Removes them; returns how many files and bytes went. */
export function prune(root, { dryRun = false } = {}) {
  let bytes = 0;
  const files = unreadFontFiles(root);
  for (const file of files) {
    bytes += statSync(file).size;
    if (!dryRun) rmSync(file);
  }
  return { files: files.length, bytes };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const root = process.argv[2] ?? '.';
  const { files, bytes } = prune(root, { dryRun: process.argv.includes('--dry-run') });
  console.log(`share-card assets: ${files} unread font files, ${(bytes / 1e6).toFixed(1)} MB removed`);
}
