import { colorVariables } from '@runpledge/contracts';
import { readFileSync, writeFileSync } from 'node:fs';
import type { Plugin } from 'vite';

/**
 * The Tailwind theme's colours as CSS, from the one source of design tokens
 * (libs/contracts/src/product/design-tokens.ts) that the gateway's share cards also draw with.
 */
export function designTokensCss(): string {
  const lines = Object.entries(colorVariables()).map(([name, value]) => `  ${name}: ${value};`);
  return [
    '/* Written by web/build/design-tokens.ts from libs/contracts/src/product/design-tokens.ts: edit the tokens there. */',
    '@theme {',
    // The default palette is cleared so every colour on screen comes from the tokens.
    '  --color-*: initial;',
    ...lines,
    '}',
    '',
  ].join('\n');
}

/** Writes `src/design-tokens.css` (imported by src/styles.css, not committed) before Vite reads any CSS. */
export function designTokens(file: string): Plugin {
  return {
    name: 'runpledge-design-tokens',
    config() {
      const css = designTokensCss();
      let current: string | undefined;
      try {
        current = readFileSync(file, 'utf8');
      } catch {
        current = undefined;
      }
      // Unchanged tokens leave the file alone (no needless reload in dev).
      if (current !== css) writeFileSync(file, css);
    },
  };
}
