// Prints one JSON line: every controller the built gateway's AppModule registers (walked from the
// module metadata, nothing started), the folder of `dist/` its class is exported from (files named
// `*.controller.js`) and its /api routes. Run as a child of src/route-folders.spec.ts: jest's module
// loader cannot load the gateway's ESM-only dependencies in-process.
import 'reflect-metadata';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { AppModule } from '../../dist/app.module.js';
import { controllerRoutes } from './controller-routes.mjs';

const dist = fileURLToPath(new URL('../../dist/', import.meta.url));

/** Every controller class of a module tree: `imports` (classes, dynamic modules, forwardRef) and `controllers`. */
function controllersOf(root) {
  const seen = new Set();
  const controllers = new Set();
  const visit = (entry) => {
    const module = entry?.forwardRef ? entry.forwardRef() : entry;
    if (!module || seen.has(module)) return;
    seen.add(module);
    const dynamic = typeof module === 'object' ? module : undefined;
    const type = dynamic ? dynamic.module : module;
    for (const key of ['controllers', 'imports']) {
      const listed = [...(Reflect.getMetadata(key, type) ?? []), ...(dynamic?.[key] ?? [])];
      for (const item of listed) {
        if (key === 'controllers') controllers.add(item);
        else visit(item);
      }
    }
  };
  visit(root);
  return controllers;
}

const folderOf = new Map();
for (const file of readdirSync(dist, { recursive: true })) {
  if (!file.endsWith('.controller.js')) continue;
  const exports = await import(pathToFileURL(path.join(dist, file)).href);
  for (const value of Object.values(exports)) {
    if (typeof value === 'function') folderOf.set(value, path.dirname(file).split(path.sep).join('/'));
  }
}

const controllers = [...controllersOf(AppModule)].map((controller) => ({
  controller: controller.name,
  folder: folderOf.get(controller) ?? null,
  routes: controllerRoutes(controller).map(({ method, path }) => `${method} ${path}`),
}));
process.stdout.write(`${JSON.stringify(controllers)}\n`);
