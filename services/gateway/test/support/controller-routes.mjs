// The /api routes one Nest controller declares, read from its decorators' metadata: what
// route-table.mjs lists for a running gateway and route-folders.spec.ts checks against the folders.
import 'reflect-metadata';
import { RequestMethod } from '@nestjs/common';
import { METHOD_METADATA, PATH_METADATA } from '@nestjs/common/constants.js';
import { IS_PUBLIC } from '../../dist/common/public.decorator.js';

const join = (...parts) =>
  `/${parts
    .flatMap((p) => p.split('/'))
    .filter(Boolean)
    .join('/')}`;

/** `[{ method, path, isPublic }]` of a controller class, paths under `/api`. */
export function controllerRoutes(controller) {
  const routes = [];
  const bases = [Reflect.getMetadata(PATH_METADATA, controller) ?? ''].flat();
  const publicClass = Reflect.getMetadata(IS_PUBLIC, controller) === true;
  for (const name of Object.getOwnPropertyNames(controller.prototype)) {
    const handler = controller.prototype[name];
    if (name === 'constructor' || typeof handler !== 'function') continue;
    const paths = Reflect.getMetadata(PATH_METADATA, handler);
    if (paths === undefined) continue;
    const method = RequestMethod[Reflect.getMetadata(METHOD_METADATA, handler)];
    const isPublic = publicClass || Reflect.getMetadata(IS_PUBLIC, handler) === true;
    for (const base of bases)
      for (const path of [paths].flat()) routes.push({ method, path: join('api', base, path), isPublic });
  }
  return routes;
}
