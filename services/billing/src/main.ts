import 'reflect-metadata';
import { runService } from '@runpledge/server-kit';
import { AppModule } from './app.module.js';
import { dataSourceOptions } from './database/data-source.js';

await runService('billing', AppModule, dataSourceOptions);
