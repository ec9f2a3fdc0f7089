// Starts the built gateway in this process on a free port, prints one JSON line `{url, routes}`
// (every controller route as Nest registered it, with its @Public() marking), then serves until
// SIGTERM. Run as a child by route-table-process.ts: jest's module loader cannot load the
// gateway's ESM-only dependencies in-process.
import 'reflect-metadata';
import { ModulesContainer } from '@nestjs/core';
import { createLogger } from '@runpledge/server-kit';
import { bootstrapGateway } from '../../dist/bootstrap.js';
import { controllerRoutes } from './controller-routes.mjs';

const { app, url } = await bootstrapGateway(createLogger('gateway', 'silent'), 0);
const routes = [];
for (const module of app.get(ModulesContainer).values()) {
  for (const wrapper of module.controllers.values()) {
    if (wrapper.metatype) routes.push(...controllerRoutes(wrapper.metatype));
  }
}
process.stdout.write(`${JSON.stringify({ url, routes })}\n`);
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
