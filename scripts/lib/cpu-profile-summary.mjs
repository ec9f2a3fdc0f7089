// Summarises a V8 .cpuprofile (node --cpu-prof): busy CPU ms, and the top functions by self time and
// the top packages (node_modules folder, or the repo's own dist) by self time.
import { readFileSync } from 'node:fs';

/** `window` ([from, to], µs of the monotonic clock: process.hrtime) counts only samples inside it. */
export function summariseCpuProfile(file, { top = 25, window } = {}) {
  const profile = JSON.parse(readFileSync(file, 'utf8'));
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const selfUs = new Map();
  const deltas = profile.timeDeltas;
  let at = profile.startTime;
  for (let i = 0; i < profile.samples.length; i += 1) {
    at += deltas[i] ?? 0;
    if (window && (at < window[0] || at > window[1])) continue;
    const id = profile.samples[i];
    selfUs.set(id, (selfUs.get(id) ?? 0) + (deltas[i] ?? 0));
  }
  let busyUs = 0;
  let idleUs = 0;
  const byFunction = new Map();
  const byPackage = new Map();
  for (const [id, us] of selfUs) {
    const { callFrame } = byId.get(id);
    const name = callFrame.functionName || '(anonymous)';
    if (name === '(idle)') {
      idleUs += us;
      continue;
    }
    busyUs += us;
    const where = callFrame.url.replace(/^file:\/\//, '');
    const key = `${name} ${shortPath(where)}:${callFrame.lineNumber + 1}`;
    byFunction.set(key, (byFunction.get(key) ?? 0) + us);
    const pkg = packageOf(where, name);
    byPackage.set(pkg, (byPackage.get(pkg) ?? 0) + us);
  }
  const sorted = (map) =>
    [...map]
      .sort((a, b) => b[1] - a[1])
      .slice(0, top)
      .map(([key, us]) => ({ key, ms: +(us / 1000).toFixed(1), pct: +((100 * us) / busyUs).toFixed(1) }));
  return { busyMs: busyUs / 1000, idleMs: idleUs / 1000, functions: sorted(byFunction), packages: sorted(byPackage) };
}

function shortPath(path) {
  const nm = path.lastIndexOf('node_modules/');
  if (nm >= 0) return path.slice(nm + 'node_modules/'.length);
  const m = path.match(/(services|libs|tools)\/.*$/);
  return m ? m[0] : path;
}

function packageOf(path, name) {
  if (!path) return name.startsWith('(') ? name : '(native)';
  if (path.startsWith('node:')) return 'node:internal';
  const nm = path.lastIndexOf('node_modules/');
  if (nm >= 0) {
    const rest = path.slice(nm + 'node_modules/'.length).split('/');
    return rest[0].startsWith('@') ? `${rest[0]}/${rest[1]}` : rest[0];
  }
  const m = path.match(/(services\/[^/]+|libs\/[^/]+|tools\/[^/]+)/);
  return m ? m[1] : path;
}

if (process.argv[1] && import.meta.url.endsWith(process.argv[1].split('/').pop())) {
  const [file, requests] = process.argv.slice(2);
  const s = summariseCpuProfile(file);
  console.log(
    `${file}: busy ${s.busyMs.toFixed(0)} ms` + (requests ? `, ${(s.busyMs / requests).toFixed(3)} ms/request` : ''),
  );
  console.table(s.packages);
  console.table(s.functions);
}
