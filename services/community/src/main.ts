// First: the OpenTelemetry SDK (when OTEL_* ask for it) must patch http, pg and ioredis before they load.
import '@runpledge/server-kit/telemetry/start';
import 'reflect-metadata';
import { runService } from '@runpledge/server-kit';
import { AppModule } from './app.module.js';
import { dataSourceOptions } from './database/data-source.js';

await runService('community', AppModule, dataSourceOptions);
