// `npm run migrate`: creates the database when missing and runs every service's migrations.
import './lib/node-runtime.mjs';
import { ensureDatabase, withDefaults } from './lib/infra.mjs';
import { createLogPrinter } from './lib/log-format.mjs';
import { migrateAll, servicesBuilt } from './lib/stack.mjs';

if (!servicesBuilt()) {
  console.error('Build first: npm run build');
  process.exit(1);
}
const env = withDefaults();
await ensureDatabase(env.DATABASE_URL);
await migrateAll(env, createLogPrinter());
