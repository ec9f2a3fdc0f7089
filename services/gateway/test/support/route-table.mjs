// Starts the built gateway in this process on a free port, prints one JSON line `{url, routes}`
// (every controller route as Nest registered it, with its @Public() marking), then serves until
// SIGTERM. Run as a child of route-guards.int-spec.ts: jest's module loader cannot load the
// gateway's ESM-only dependencies in-process.
import 'reflect-metadata';
import { RequestMethod } from '@nestjs/common';
import { METHOD_METADATA, PATH_METADATA } from '@nestjs/common/constants.js';
import { ModulesContainer } from '@nestjs/core';
import { createLogger } from '@runpledge/server-kit';
import { bootstrapGateway } from '../../dist/bootstrap.js';
import { IS_PUBLIC } from '../../dist/common/public.decorator.js';

const join = (...parts) =>
  `/${parts
    .flatMap((p) => p.split('/'))
    .filter(Boolean)
    .join('/')}`;

const { app, url } = await bootstrapGateway(createLogger('gateway', 'silent'), 0);
const routes = [];
for (const module of app.get(ModulesContainer).values()) {
  for (const wrapper of module.controllers.values()) {
    const controller = wrapper.metatype;
    if (!controller) continue;
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
  }
}
process.stdout.write(`${JSON.stringify({ url, routes })}\n`);
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
