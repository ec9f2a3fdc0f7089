// The stages of the one Dockerfile, for checks that compose and Kubernetes reference real targets.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from './k8s.js';

export interface Stage {
  name: string;
  from: string;
  /** The stage's instructions, continuation lines joined. */
  instructions: string[];
}

export function dockerfileStages(path = join(ROOT, 'Dockerfile')): Stage[] {
  const lines = readFileSync(path, 'utf8')
    .replace(/\\\n/g, ' ')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith('#'));
  const stages: Stage[] = [];
  for (const line of lines) {
    const from = /^FROM\s+(\S+)(?:\s+AS\s+(\S+))?/i.exec(line);
    if (from) stages.push({ from: from[1]!, name: from[2] ?? `#${stages.length}`, instructions: [] });
    else stages.at(-1)?.instructions.push(line);
  }
  return stages;
}

/** A stage's instructions including those it inherits from its parent stages. */
export function effectiveInstructions(stages: Stage[], name: string): string[] {
  const stage = stages.find((s) => s.name === name);
  if (!stage) throw new Error(`no stage ${name}`);
  const parent = stages.find((s) => s.name === stage.from);
  return [...(parent ? effectiveInstructions(stages, parent.name) : []), ...stage.instructions];
}

/** The images the project ships: one per process (the targets compose and k8s reference). */
export const IMAGE_TARGETS = [
  'gateway',
  'identity',
  'profiles',
  'billing',
  'fitness',
  'community',
  'migrate',
  'emulators',
];
